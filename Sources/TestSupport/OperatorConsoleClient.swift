import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1

/// Plays the operator through the embedded service's console API (`/operator/api`), over real HTTP.
public struct OperatorConsoleClient: Sendable {
    /// The console token of every test service (`LiveStack`); a running server makes its own.
    public static let testToken = "test-console-token-not-a-secret"

    /// `Authorization` with the test token, for tests that call the console API by hand.
    public static let authorization = ("Authorization", "Bearer \(testToken)")

    /// The service's base URL.
    public var serviceURL: String

    public init(serviceURL: String) { self.serviceURL = serviceURL }

    /// A console request that failed: its status and body.
    public struct Failure: Error, CustomStringConvertible {
        public var status: UInt
        public var body: String
        public var description: String { "HTTP \(status): \(body)" }
    }

    /// The id of the only visitor, waiting up to `timeout` for the visitor to appear.
    public func onlyVisitorID(within timeout: Duration = .seconds(10)) async throws -> String {
        let found = await withTimeout(timeout) {
            while !Task.isCancelled {
                if let chats = try? await request("GET", "/chats"), let list = chats as? [[String: Any]],
                    let id = list.first?["visitorId"] as? String
                {
                    return id
                }
                try? await Task.sleep(for: .milliseconds(50))
            }
            return nil
        }
        guard let found else { throw Failure(status: 0, body: "no visitor appeared") }
        return found
    }

    /// `POST /operator/api/visitors/{visitor}/{action}` with a JSON body; returns the answer's JSON.
    @discardableResult
    public func post(visitor: String, _ action: String, _ body: [String: Any] = [:]) async throws -> Any? {
        try await request("POST", "/visitors/\(visitor)/\(action)", body: body)
    }

    /// Any console request; `path` is relative to `/operator/api`.
    @discardableResult
    public func request(_ method: String, _ path: String, body: [String: Any]? = nil) async throws -> Any? {
        var request = HTTPClientRequest(url: "\(serviceURL)/operator/api\(path)")
        request.method = HTTPMethod(rawValue: method)
        request.headers.add(name: Self.authorization.0, value: Self.authorization.1)
        if let body {
            request.headers.add(name: "Content-Type", value: "application/json")
            request.body = .bytes(ByteBuffer(bytes: try JSONSerialization.data(withJSONObject: body)))
        }
        let response = try await HTTPClient.shared.execute(request, timeout: .seconds(10))
        let bytes = try await response.body.collect(upTo: 8 << 20)
        let data = Data(bytes.readableBytesView)
        guard (200..<300).contains(response.status.code) else {
            throw Failure(status: response.status.code, body: String(decoding: data, as: UTF8.self))
        }
        return data.isEmpty ? nil : try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
    }
}
