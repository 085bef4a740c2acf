import Foundation
import Synchronization
import TestSupport
import WebimClientLibrary

/// A chat with a location whose operator does nothing by itself: the test plays the operator through the console.
struct ManualChat: Sendable {
    let harness: SessionHarness
    let console: OperatorConsoleClient
    let visitorID: String
    var events: AsyncStream<Observed> { harness.listener.events }

    /// The `manual` location's scenario, with `location` (JSON object members) as its settings.
    static func scenario(location: String = "", extra: String = "") -> String {
        """
        {"name": "manual", "description": "The test plays the operator.",
         "operator": {"id": 7, "name": "Anna Petrova", "title": "Support"},
         "operators": [{"id": 8, "name": "Boris"}],
         \(extra.isEmpty ? "" : extra + ",")
         "location": {\(location)}}
        """
    }

    /// Runs `body` with a session of the `manual` location whose chat has started (unless `startingChat` is false).
    static func with(
        location: String = "",
        scenario extra: String = "",
        storage: URL? = nil,
        startingChat: Bool = true,
        configure: @escaping @Sendable (SessionBuilder) -> Void = { _ in },
        _ body: @Sendable (ManualChat) async throws -> Void
    ) async throws {
        try await withTemporaryDirectory { directory in
            try await LiveStack.withService(
                dataDirectory: directory,
                holdTimeout: .seconds(2),
                scenarios: [
                    "manual": scenario(location: location, extra: extra),
                    "second":
                        #"{"name": "second", "description": "Another location.", "operator": {"id": 9, "name": "Vera"}, "location": {"departments": [{"key": "desk", "name": "Desk"}]}}"#,
                ]
            ) { service in
                let harness = SessionHarness()
                try await harness.start(
                    accountURL: service,
                    storage: storage ?? directory.appendingPathComponent("visitor"),
                    location: "manual",
                    configure: configure
                )
                let console = OperatorConsoleClient(serviceURL: service)
                if startingChat {
                    try await harness.run { _, stream in try stream.startChat() }
                    _ = await harness.listener.events.first { $0 == .chatState(.queue) }
                }
                let visitorID = startingChat ? try await console.onlyVisitorID() : ""
                try await body(ManualChat(harness: harness, console: console, visitorID: visitorID))
                try? await harness.destroy()
            }
        }
    }

    /// A visitor stored in `storage` whose chat holds one message each way, the service gone afterwards: the ids the
    /// tracker showed.
    static func storedConversation(in storage: URL) async throws -> [String] {
        let kept = Mutex<[String]>([])
        try await with(storage: storage) { chat in
            try await chat.operatorJoins()
            _ = try await chat.sendConfirmed("First")
            try await chat.operatorSays("Second")
            let shown = try await chat.harness.newTracker(lastMessages: 10)
            kept.withLock { $0 = shown }
        }
        return kept.withLock { $0 }
    }

    /// Whether `event` is reported within 15 s (events before it are skipped).
    func saw(_ event: Observed) async -> Bool {
        await events.first { $0 == event } != nil
    }

    /// The operator joins and the session sees it.
    func operatorJoins() async throws {
        try await console.post(visitor: visitorID, "join")
        _ = await events.first { $0 == .chatState(.chatting) }
    }

    /// Sends a visitor message and waits until the service confirmed it; returns its id.
    func sendConfirmed(_ text: String) async throws -> String {
        let id = try await harness.send(text)
        _ = await events.first { $0 == .changed(id: id, text: text, status: .sent) }
        return id
    }

    /// The operator says `text`; returns the message as the session shows it.
    @discardableResult
    func operatorSays(_ text: String, extra: [String: Any] = [:]) async throws -> (any Message)? {
        var body: [String: Any] = ["text": text]
        body.merge(extra) { $1 }
        try await console.post(visitor: visitorID, "messages", body)
        guard
            case .added(let id, _, _, _) = await events.first(where: { event in
                if case .added(_, text, .sent, _) = event { true } else { false }
            })
        else { return nil }
        return harness.listener.message(id)
    }
}

/// Records completion handlers' outcomes into the listener's stream as `.completed(handler:outcome:)`.
final class HandlerRecorder: SendMessageCompletionHandler, DataMessageCompletionHandler, EditMessageCompletionHandler,
    DeleteMessageCompletionHandler, SendFileCompletionHandler, SendKeyboardRequestCompletionHandler,
    RateOperatorCompletionHandler, SendDialogToEmailAddressCompletionHandler, SendStickerCompletionHandler,
    ContactsCompletionHandler, SendResolutionCompletionHandler,
    SendFilesCompletionHandler, DeleteUploadedFileCompletionHandler, UploadFileToServerCompletionHandler,
    ServerSideSettingsCompletionHandler, RawLocationConfigCompletionHandler, SearchMessagesCompletionHandler
{
    let name: String
    let listener: RecordingListener
    let uploaded = Mutex<[any UploadedFile]>([])
    let lastSettings = Mutex<WebimServerSideSettings?>(nil)
    let found = Mutex<[String]>([])

    init(_ name: String, _ listener: RecordingListener) {
        self.name = name
        self.listener = listener
    }

    private func done(_ outcome: String) { listener.record(.completed(handler: name, outcome: outcome)) }

    func onSuccess(messageID: String) { done("success") }
    func onSuccess() { done("success") }
    func onFailure(messageID: String, error: DataMessageError) { done("\(error)") }
    func onFailure(messageID: String, error: EditMessageError) { done("\(error)") }
    func onFailure(messageID: String, error: DeleteMessageError) { done("\(error)") }
    func onFailure(messageID: String, error: SendFileError) { done("\(error)") }
    func onFailure(messageID: String, error: KeyboardResponseError) { done("\(error)") }
    func onFailure(error: RateOperatorError) { done("\(error)") }
    func onFailure(error: SendDialogToEmailAddressError) { done("\(error)") }
    func onFailure(error: ContactsError) { done("\(error)") }
    func onFailure(error: SendResolutionError) { done("\(error)") }
    func onFailure(error: SendStickerError) { done("\(error)") }
    func onFailure(messageID: String, error: SendFilesError) { done("\(error)") }
    func onFailure(error: DeleteUploadedFileError) { done("\(error)") }
    func onSuccess(id: String, uploadedFile: any UploadedFile) {
        uploaded.withLock { $0.append(uploadedFile) }
        done("success")
    }
    func onSuccess(webimServerSideSettings: WebimServerSideSettings) {
        lastSettings.withLock { $0 = webimServerSideSettings }
        done("success")
    }
    func onSuccess(rawLocationConfig: [String: Any?]) {
        done(rawLocationConfig["accountConfig"] != nil ? "success" : "empty")
    }
    func onFailure() { done("failure") }
    func onSearchMessageSuccess(query: String, messages: [any Message]) {
        found.withLock { $0 = messages.map { $0.getText() } }
        done("success")
    }
    func onSearchMessageFailure(query: String) { done("failure") }
}

extension AsyncStream where Element == Observed {
    /// The outcome the handler named `handler` reports next.
    func outcome(of handler: String) async -> String? {
        guard
            case .completed(_, let outcome) = await first(where: { event in
                if case .completed(handler, _) = event { true } else { false }
            })
        else { return nil }
        return outcome
    }
}
