import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import TestSupport
import Testing
import WidgetServer

/// One HTTP answer, read whole.
struct Answer: Sendable {
    var status: UInt
    var headers: [String: String]
    var body: Data

    /// The body as a JSON object.
    var json: [String: Any] { (try? JSONSerialization.jsonObject(with: body)) as? [String: Any] ?? [:] }
    /// `error.code` of a JSON error.
    var errorCode: String? { (json["error"] as? [String: Any])?["code"] as? String }
    /// `error.field` of a JSON error.
    var errorField: String? { (json["error"] as? [String: Any])?["field"] as? String }
    var text: String { String(decoding: body, as: UTF8.self) }
}

/// Talks to a live widget server as the page does.
struct WidgetClient: Sendable {
    var baseURL: String
    /// The HTTP client; the shared one decompresses, which hides `Content-Encoding` from a test.
    var http: HTTPClient = LoopbackHTTP.client

    init(_ stack: LiveStack) { baseURL = stack.widgetURL }

    /// A client of a widget server this test did not start in-process (a `webim-widget` child process).
    init(baseURL: String) { self.baseURL = baseURL }

    /// Runs the widget server alone, with no chat service behind it (pages and checks that need none).
    static func withWidgetAlone(
        adjust: @Sendable (inout WidgetConfiguration) -> Void = { _ in },
        _ body: @Sendable (WidgetClient) async throws -> Void
    ) async throws {
        try await withTemporaryDirectory { directory in
            try await LiveStack.withWidget(
                accountURL: "http://127.0.0.1:9",
                serviceURL: "http://127.0.0.1:9",
                dataDirectory: directory,
                adjust: adjust
            ) { stack in try await body(WidgetClient(stack)) }
        }
    }

    /// Runs `body` with a client that neither asks for nor undoes compression.
    static func withRawClient<Result: Sendable>(
        _ stack: LiveStack,
        _ body: @Sendable (WidgetClient) async throws -> Result
    ) async throws -> Result {
        let http = HTTPClient(eventLoopGroupProvider: .singleton, configuration: .init(decompression: .disabled))
        var client = WidgetClient(stack)
        client.http = http
        do {
            let result = try await body(client)
            try await http.shutdown()
            return result
        } catch {
            try? await http.shutdown()
            throw error
        }
    }

    /// Any request; `body` is sent as JSON unless `contentType` says otherwise.
    func request(
        _ method: HTTPMethod,
        _ path: String,
        body: String? = nil,
        bodyBytes: [UInt8]? = nil,
        contentType: String = "application/json",
        headers: [String: String] = [:]
    ) async throws -> Answer {
        var request = HTTPClientRequest(url: baseURL + path)
        request.method = method
        for (name, value) in headers { request.headers.add(name: name, value: value) }
        if let body {
            request.headers.add(name: "Content-Type", value: contentType)
            request.body = .bytes(ByteBuffer(string: body))
        } else if let bodyBytes {
            request.headers.add(name: "Content-Type", value: contentType)
            request.body = .bytes(ByteBuffer(bytes: bodyBytes))
        }
        return try await execute(request)
    }

    /// Sends `request` and reads the whole answer.
    func execute(_ request: HTTPClientRequest) async throws -> Answer {
        let response = try await http.execute(request, timeout: .seconds(30))
        let data = Data(try await response.body.collect(upTo: 32 << 20).readableBytesView)
        let fields = Dictionary(response.headers.map { ($0.name.lowercased(), $0.value) }, uniquingKeysWith: { $1 })
        return Answer(status: response.status.code, headers: fields, body: data)
    }

    func post(_ path: String, _ body: String? = nil, headers: [String: String] = [:]) async throws -> Answer {
        try await request(.POST, path, body: body, headers: headers)
    }

    func get(_ path: String, headers: [String: String] = [:]) async throws -> Answer {
        try await request(.GET, path, headers: headers)
    }

    /// A new tab's id.
    func createTab(location: String? = nil) async throws -> String {
        let answer = try await post("/api/tabs", location.map { #"{"location":"\#($0)"}"# } ?? "{}")
        #expect(answer.status == 201)
        return try #require(answer.json["tabId"] as? String)
    }

    /// The tab's event stream.
    func events(
        _ tab: String,
        headers: [String: String] = [:],
        query: String = "",
        includeComments: Bool = false,
        includeRetry: Bool = false
    ) async throws -> SSEReader {
        try await SSEReader(
            url: "\(baseURL)/api/tabs/\(tab)/events\(query)",
            headers: headers,
            includeComments: includeComments,
            includeRetry: includeRetry
        )
    }

    /// A multipart body with a `file` part and a `clientId` part.
    static func multipart(filename: String, contentType: String, bytes: [UInt8], clientID: String?) -> (String, [UInt8])
    {
        let boundary = "test-boundary-7d1f"
        var body: [UInt8] = []
        if let clientID {
            body += Array(
                "--\(boundary)\r\nContent-Disposition: form-data; name=\"clientId\"\r\n\r\n\(clientID)\r\n".utf8
            )
        }
        body += Array(
            "--\(boundary)\r\nContent-Disposition: form-data; name=\"file\"; filename=\"\(filename)\"\r\nContent-Type: \(contentType)\r\n\r\n"
                .utf8
        )
        body += bytes
        body += Array("\r\n--\(boundary)--\r\n".utf8)
        return ("multipart/form-data; boundary=\(boundary)", body)
    }
}

extension SSEReader.Event {
    /// The `message` member of a message event.
    var message: [String: Any]? { json["message"] as? [String: Any] }
}
