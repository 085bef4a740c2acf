import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import TestSupport
import WebimWire

/// A visitor talking to the embedded service over real HTTP, as a Webim client would; plus console API calls.
actor ServiceClient {
    let base: String
    let page: FullUpdate
    private(set) var since: Int
    /// Every delta item received so far, in order.
    private(set) var received: [DeltaItem] = []

    private init(base: String, page: FullUpdate, revision: Int) {
        self.base = base
        self.page = page
        since = revision
    }

    /// Inits a visitor at `location`.
    static func start(
        _ base: String,
        location: String = "manual",
        device: String = UUID().uuidString,
        extra: [(String, String)] = []
    ) async throws -> ServiceClient {
        let answer = try await initialize(base, location: location, device: device, extra: extra)
        guard let page = answer.fullUpdate, let revision = answer.revision else {
            throw ServiceClientError.initFailed(answer.error ?? "no fullUpdate")
        }
        return ServiceClient(base: base, page: page, revision: revision)
    }

    /// The raw init answer.
    static func initialize(
        _ base: String,
        location: String,
        device: String = UUID().uuidString,
        extra: [(String, String)] = []
    ) async throws -> DeltaResponse {
        let query = WireForm.encode(
            [("event", "init"), ("since", "0"), ("location", location), ("device-id", device), ("platform", "ios")]
                + extra
        )
        return try await HTTP.get("\(base)\(WireEndpoint.initialization)?\(query)", as: DeltaResponse.self)
    }

    /// `page-id` and `auth-token`.
    nonisolated var auth: [(String, String)] { [("page-id", page.pageId), ("auth-token", page.authToken)] }

    /// The visitor's id.
    nonisolated var visitorID: String { page.visitorFull?.id ?? "" }

    /// Posts an action form.
    func action(_ name: String, _ fields: [(String, String)] = []) async throws -> ActionResponse {
        try await HTTP.postForm(base + WireEndpoint.action, [("action", name)] + fields + auth, as: ActionResponse.self)
    }

    /// GETs a protocol path with the page's auth appended.
    func get<Answer: Decodable & Sendable>(
        _ path: String,
        _ query: [(String, String)] = [],
        as type: Answer.Type
    ) async throws -> Answer {
        try await HTTP.get("\(base)\(path)?\(WireForm.encode(query + auth))", as: type)
    }

    /// One delta poll from the last revision.
    func poll() async throws -> DeltaResponse {
        let answer = try await get(WireEndpoint.delta, [("since", String(since))], as: DeltaResponse.self)
        if let revision = answer.revision { since = revision }
        received += answer.deltaList ?? []
        return answer
    }

    /// Polls until a delta item satisfies `predicate` (already received ones count); nil after `timeout`.
    func waitFor(
        timeout: Duration = .seconds(15),
        _ predicate: @escaping @Sendable (DeltaItem) -> Bool
    ) async throws -> DeltaItem? {
        if let found = received.first(where: predicate) { return found }
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
            let before = received.count
            let answer = try await poll()
            if answer.error != nil { return nil }
            if let found = received[before...].first(where: predicate) { return found }
        }
        return nil
    }

    /// Waits for a CHAT_MESSAGE add whose message satisfies `predicate`.
    func waitForMessage(
        timeout: Duration = .seconds(15),
        _ predicate: @escaping @Sendable (MessageItem) -> Bool
    ) async throws -> MessageItem? {
        let item = try await waitFor(timeout: timeout) { item in
            item.objectType == "CHAT_MESSAGE" && item.event == "add"
                && (item.data.flatMap { try? $0.decode(MessageItem.self) }).map(predicate) == true
        }
        return try item?.data?.decode(MessageItem.self)
    }

    /// Calls the console API with a JSON body; returns the status and the JSON answer.
    static func console(
        _ base: String,
        _ method: HTTPMethod,
        _ path: String,
        _ body: String = "{}"
    ) async throws -> (status: UInt, json: JSONValue) {
        var request = HTTPClientRequest(url: base + "/operator/api" + path)
        request.method = method
        request.headers.add(name: "Content-Type", value: "application/json")
        request.headers.add(name: OperatorConsoleClient.authorization.0, value: OperatorConsoleClient.authorization.1)
        request.body = .bytes(ByteBuffer(string: body))
        let response = try await HTTPClient.shared.execute(request, timeout: .seconds(120))
        let data = Data(try await response.body.collect(upTo: 1 << 24).readableBytesView)
        return (response.status.code, (try? JSONDecoder().decode(JSONValue.self, from: data)) ?? .null)
    }

    /// Console call on this visitor; fails the caller when the status is not 200.
    @discardableResult
    func console(_ method: HTTPMethod, _ path: String, _ body: String = "{}") async throws -> JSONValue {
        let (status, json) = try await Self.console(base, method, "/visitors/\(visitorID)\(path)", body)
        guard status == 200 else { throw ServiceClientError.console(status, json) }
        return json
    }
}

/// Test client failures.
enum ServiceClientError: Error {
    case initFailed(String)
    case console(UInt, JSONValue)
}

/// Plain HTTP helpers over AsyncHTTPClient.
enum HTTP {
    static func get<Answer: Decodable>(_ url: String, as type: Answer.Type) async throws -> Answer {
        let response = try await HTTPClient.shared.execute(HTTPClientRequest(url: url), timeout: .seconds(120))
        return try JSONDecoder().decode(
            type,
            from: Data(try await response.body.collect(upTo: 1 << 26).readableBytesView)
        )
    }

    static func raw(
        _ url: String,
        method: HTTPMethod = .GET,
        headers: [(String, String)] = [],
        body: ByteBuffer? = nil
    )
        async throws -> (status: UInt, headers: HTTPHeaders, body: Data)
    {
        var request = HTTPClientRequest(url: url)
        request.method = method
        for (name, value) in headers { request.headers.add(name: name, value: value) }
        if let body { request.body = .bytes(body) }
        let response = try await HTTPClient.shared.execute(request, timeout: .seconds(120))
        let data = Data(try await response.body.collect(upTo: 1 << 26).readableBytesView)
        return (response.status.code, response.headers, data)
    }

    static func postForm<Answer: Decodable>(
        _ url: String,
        _ fields: [(String, String)],
        as type: Answer.Type
    )
        async throws -> Answer
    {
        let answer = try await raw(
            url,
            method: .POST,
            headers: [("Content-Type", "application/x-www-form-urlencoded")],
            body: ByteBuffer(string: WireForm.encode(fields))
        )
        return try JSONDecoder().decode(type, from: answer.body)
    }

    /// A multipart body with text fields and an optional file part named `webim_upload_file`.
    static func multipart(
        boundary: String,
        fields: [(String, String)],
        file: (name: String, type: String, bytes: Data)?
    ) -> ByteBuffer {
        var buffer = ByteBuffer()
        for (name, value) in fields {
            buffer.writeString("--\(boundary)\r\nContent-Disposition: form-data; name=\"\(name)\"\r\n\r\n\(value)\r\n")
        }
        if let file {
            buffer.writeString(
                "--\(boundary)\r\nContent-Disposition: form-data; name=\"webim_upload_file\"; filename=\"\(file.name)\"\r\n"
                    + "Content-Type: \(file.type)\r\n\r\n"
            )
            buffer.writeBytes(file.bytes)
            buffer.writeString("\r\n")
        }
        buffer.writeString("--\(boundary)--\r\n")
        return buffer
    }
}

/// Runs the service (short hold timeout) in a fresh folder for one test; `scenarios` (name → JSON) replace
/// `Scenarios/` when given.
func withService<Result: Sendable>(
    scenarios: [String: String] = [:],
    _ body: @Sendable (String) async throws -> Result
) async throws -> Result {
    try await withTemporaryDirectory { directory in
        try await LiveStack.withService(
            dataDirectory: directory,
            holdTimeout: .seconds(2),
            scenarios: scenarios,
            body
        )
    }
}
