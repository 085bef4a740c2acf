import Foundation
import Synchronization
import TestSupport
import Testing
import WebimClientLibrary
import WebimWire

/// `autocomplete(text:)` against replayed SDK-shaped JSON (PROTOCOL.md §9): the location config names the hints
/// service, the visitor's text goes to it as JSON, and only `{"suggestions":[{"text":…}]}` answers suggestions.
@Suite struct AutocompleteSessionTests {
    /// Another host than the account's, at a public address written as one, so that no name is resolved
    /// (`HintsAddressTests` holds what is asked where).
    static let endpoint = "https://203.0.113.9/api/suggest"
    static let goodAnswer = #"""
        {"suggestions":[{"text":"How do I track my order?"},{"id":7},{"text":""},{"text":"How do I return an item?"}]}
        """#

    @Test func suggestionsComeFromTheConfigsHintsServiceAsJSON() async throws {
        try await HintsReplay.with(endpoint: Self.endpoint, answer: Self.goodAnswer) { replay in
            try await replay.run { try $0.autocomplete(text: "how do", completionHandler: replay.recorder) }
            #expect(await replay.recorder.next() == "success [How do I track my order?, How do I return an item?]")
            #expect(replay.transport.posts() == [HintsPost(url: Self.endpoint, text: "how do")])
            // The async form; the endpoint was read once for the location, and is not read again. The session's
            // own start reads the config too, before its init, so the count is taken once the init was asked.
            #expect(await replay.transport.initRequests.next() == "init")
            let reads = replay.transport.configReads()
            #expect(
                try await replay.stream.autocomplete(text: "return")
                    == ["How do I track my order?", "How do I return an item?"]
            )
            #expect(replay.transport.configReads() == reads)
            #expect(replay.transport.posts().last == HintsPost(url: Self.endpoint, text: "return"))
        }
    }

    @Test(arguments: [
        #"{"suggestions":"How do I track my order?"}"#, #"{"hints":[{"text":"How?"}]}"#, "<html>not JSON</html>", "",
    ])
    func malformedAnswerIsHintApiInvalid(answer: String) async throws {
        try await HintsReplay.with(endpoint: Self.endpoint, answer: answer) { replay in
            try await replay.run { try $0.autocomplete(text: "how", completionHandler: replay.recorder) }
            #expect(await replay.recorder.next() == "failure hintApiInvalid")
            await #expect(throws: AutocompleteError.hintApiInvalid) {
                try await replay.stream.autocomplete(text: "how")
            }
            #expect(replay.transport.posts().count == 2)
        }
    }

    @Test func anErrorStatusIsHintApiInvalidAndNoAnswerIsUnknown() async throws {
        try await HintsReplay.with(endpoint: Self.endpoint, answer: Self.goodAnswer, status: 500) { replay in
            await #expect(throws: AutocompleteError.hintApiInvalid) {
                try await replay.stream.autocomplete(text: "how")
            }
        }
        try await HintsReplay.with(endpoint: Self.endpoint, answer: nil) { replay in
            await #expect(throws: AutocompleteError.unknown) { try await replay.stream.autocomplete(text: "how") }
        }
    }

    @Test(arguments: [nil, "", "javascript:alert(1)", "ftp://hints.example/suggest", "//hints.example/x", "hints"])
    func noUsableEndpointIsHintApiInvalidWithoutARequest(endpoint: String?) async throws {
        try await HintsReplay.with(endpoint: endpoint, answer: Self.goodAnswer) { replay in
            try await replay.run { try $0.autocomplete(text: "how", completionHandler: replay.recorder) }
            #expect(await replay.recorder.next() == "failure hintApiInvalid")
            #expect(replay.transport.posts().isEmpty)
        }
    }

    @Test func aPathEndpointIsOnTheAccountsServer() async throws {
        try await HintsReplay.with(endpoint: "/api/visitor/v1/hints/mobile", answer: Self.goodAnswer) { replay in
            let suggestions = try await replay.stream.autocomplete(text: "how")
            #expect(suggestions.count == 2)
            #expect(replay.transport.posts() == [HintsPost(url: "/api/visitor/v1/hints/mobile", text: "how")])
        }
    }

    @Test func theTextTheAnswerAndItsSuggestionsAreBounded() async throws {
        let many = (1...15).map { #"{"text":"\#(String(repeating: "q", count: 600))\#($0)"}"# }
        let answer = #"{"suggestions":[\#(many.joined(separator: ","))]}"#
        try await HintsReplay.with(endpoint: Self.endpoint, answer: answer) { replay in
            let suggestions = try await replay.stream.autocomplete(text: String(repeating: "w", count: 1_500))
            #expect(suggestions.count == 10 && suggestions.allSatisfy { $0.count == 500 })
            #expect(replay.transport.posts().first?.text.count == 1_000)
        }
        let huge = #"{"suggestions":[{"text":"\#(String(repeating: "x", count: 70_000))"}]}"#
        // Longer than the request lets a transport read: no answer, as when the service is silent.
        try await HintsReplay.with(endpoint: Self.endpoint, answer: huge) { replay in
            await #expect(throws: AutocompleteError.unknown) { try await replay.stream.autocomplete(text: "x") }
        }
    }
}

/// One request to the hints service: where it went and the text its JSON body carried.
struct HintsPost: Equatable {
    var url: String
    var text: String
}

/// A session whose service is a script: init and delta answer nothing new, the config names `endpoint`, and the
/// hints service answers `answer` with `status` (nil: no answer at all).
private struct HintsReplay: @unchecked Sendable {
    // The stream is used through `run` (on the executor) and by the async form, which hops onto it itself.
    let harness: SessionHarness
    let transport: HintsTransport
    let recorder: AutocompleteRecorder
    let stream: any MessageStream

    static func with(
        endpoint: String?,
        answer: String?,
        status: UInt = 200,
        _ body: @Sendable (HintsReplay) async throws -> Void
    ) async throws {
        try await withTemporaryDirectory { directory in
            let transport = HintsTransport(endpoint: endpoint, answer: answer, status: status)
            let harness = SessionHarness()
            try await harness.start(accountURL: "http://127.0.0.1:9", storage: directory, location: "mobile") {
                $0.set(wireTransport: transport)
            }
            let stream = try await harness.run { _, stream in StreamCarrier(stream: stream) }
            let replay = HintsReplay(
                harness: harness,
                transport: transport,
                recorder: AutocompleteRecorder(),
                stream: stream.stream
            )
            try await body(replay)
            try? await harness.destroy()
        }
    }

    /// Runs `body` on the session's executor.
    func run(_ body: @Sendable (any MessageStream) throws -> Void) async throws {
        try await harness.run { _, stream in try body(stream) }
    }
}

/// The stream, carried out of the executor for the async form.
private struct StreamCarrier: @unchecked Sendable {
    // Off the executor only the async form uses it, and it hops onto the executor itself.
    let stream: any MessageStream
}

/// Records the handler's calls as text.
private final class AutocompleteRecorder: AutocompleteCompletionHandler {
    private let log = CallLog()

    func onSuccess(text: [String]) { log.record("success [\(text.joined(separator: ", "))]") }
    func onFailure(error: AutocompleteError) { log.record("failure \(error)") }

    /// The next call, waiting up to ten seconds.
    func next() async -> String? { await log.next() }
}

/// The scripted service and hints service (see `HintsReplay`).
private final class HintsTransport: WireTransport {
    private let endpoint: String?
    private let answer: String?
    private let status: UInt
    private let sent = Mutex<[HintsPost]>([])
    private let configs = Mutex(0)
    /// Never told: a delta long-poll waits on it until the session ends, as one with nothing to report.
    private let held = AsyncStream.makeStream(of: Never.self)

    init(endpoint: String?, answer: String?, status: UInt) {
        (self.endpoint, self.answer, self.status) = (endpoint, answer, status)
    }

    /// Every request to the hints service, in order.
    func posts() -> [HintsPost] { sent.withLock { $0 } }

    /// How often the location config was read.
    func configReads() -> Int { configs.withLock { $0 } }
    /// "init" for each init request: the session's start has read its config by then.
    let initRequests = CallLog()

    func exchange(_ request: WireRequest, timeout: Duration) async throws -> WireReply {
        let path = request.pathAndQuery.split(separator: "?").first.map(String.init) ?? ""
        switch path {
        case WireEndpoint.initialization:
            initRequests.record("init")
            return Self.reply(
                #"{"revision":1,"fullUpdate":{"pageId":"p1","authToken":"t1","visitSessionId":"s1","visitor":{"id":"v1"},"#
                    + #""state":"chat","onlineStatus":"online","chat":null,"hintsEnabled":true}}"#
            )
        case WireEndpoint.delta:
            var iterator = held.stream.makeAsyncIterator()
            _ = await iterator.next()
            throw CancellationError()
        case "\(WireEndpoint.configs)/mobile":
            configs.withLock { $0 += 1 }
            let named = endpoint.map { #","visitor_hints_api_endpoint":"\#($0)""# } ?? ""
            return Self.reply(#"{"accountConfig":{"visitor_upload_file":true\#(named)},"locationSettings":{}}"#)
        case WireEndpoint.history:
            return Self.reply(#"{"result":"ok","data":{"revision":"1","hasMore":false,"messages":[]}}"#)
        case WireEndpoint.action:
            return Self.reply(#"{"result":"ok"}"#)
        default:
            guard request.method == .post else { return Self.reply("{}") }
            #expect(request.headers.contains { $0.name == "Content-Type" && $0.value == "application/json" })
            #expect(request.answerLimit == 64 << 10)
            let text = (try? JSONDecoder().decode(HintsRequest.self, from: request.body))?.text ?? "<not JSON>"
            sent.withLock { $0.append(HintsPost(url: request.pathAndQuery, text: text)) }
            guard let answer else { throw CancellationError() }
            // A transport reads no more than the request allows, as the HTTP one does.
            guard answer.utf8.count <= request.answerLimit ?? .max else { throw CancellationError() }
            return WireReply(status: status, body: Data(answer.utf8))
        }
    }

    private static func reply(_ json: String) -> WireReply { WireReply(status: 200, body: Data(json.utf8)) }
}
