import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1

/// An HTTP client sized for thousands of concurrent streams (the shared client allows 8 connections per host).
struct BenchHTTP: Sendable {
    let client: HTTPClient

    /// `retriesFailedConnections: false` fails a request at once when its connection is refused, for callers that
    /// retry by themselves. The client's own retry waits a backoff that grows with every refusal in a row across
    /// the whole pool, up to a minute: a hundred tabs refused together while a server restarts then wait a minute
    /// for a server that has long been back, where each browser would have retried on its own.
    init(maxConnections: Int, retriesFailedConnections: Bool = true) {
        var configuration = HTTPClient.Configuration()
        configuration.connectionPool = .init(
            idleTimeout: .seconds(60),
            concurrentHTTP1ConnectionsPerHostSoftLimit: maxConnections
        )
        configuration.connectionPool.retryConnectionEstablishment = retriesFailedConnections
        configuration.timeout = .init(connect: .seconds(10))
        client = HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
    }

    func shutdown() async throws { try await client.shutdown() }

    /// One request, its body read whole.
    func send(
        _ method: HTTPMethod,
        _ url: String,
        json: [String: Any]? = nil,
        headers: [(String, String)] = []
    ) async throws -> (status: UInt, body: Data) {
        var request = HTTPClientRequest(url: url)
        request.method = method
        for (name, value) in headers { request.headers.add(name: name, value: value) }
        if let json {
            request.headers.add(name: "Content-Type", value: "application/json")
            request.body = .bytes(ByteBuffer(bytes: try JSONSerialization.data(withJSONObject: json)))
        }
        let response = try await client.execute(request, timeout: .seconds(60))
        let body = try await response.body.collect(upTo: 64 << 20)
        return (response.status.code, Data(body.readableBytesView))
    }

    func get(_ url: String) async throws -> (status: UInt, body: Data) { try await send(.GET, url) }

    /// A JSON object answer, or an error naming the status.
    func object(
        _ method: HTTPMethod,
        _ url: String,
        json: [String: Any]? = nil,
        headers: [(String, String)] = []
    ) async throws -> Any {
        let (status, body) = try await send(method, url, json: json, headers: headers)
        guard (200..<300).contains(status) else {
            throw BenchError("\(method) \(url): HTTP \(status) \(String(decoding: body, as: UTF8.self))")
        }
        return body.isEmpty ? [String: Any]() : try JSONSerialization.jsonObject(with: body, options: .fragmentsAllowed)
    }
}
