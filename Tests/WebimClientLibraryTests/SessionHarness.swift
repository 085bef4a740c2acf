import Foundation
import TestSupport
import WebimClientLibrary

/// What a listener saw, in order.
enum Observed: Sendable, Equatable {
    case added(id: String, text: String, status: MessageSendStatus, type: MessageType)
    case changed(id: String, text: String, status: MessageSendStatus)
    case operatorChanged(name: String?)
    case typing(Bool)
}

/// Records listener calls into a stream the test awaits.
final class RecordingListener: MessageListener, CurrentOperatorChangeListener, OperatorTypingListener {
    let events: AsyncStream<Observed>
    private let sink: AsyncStream<Observed>.Continuation

    init() { (events, sink) = AsyncStream.makeStream(of: Observed.self) }

    func added(message newMessage: any Message, after previousMessage: (any Message)?) {
        sink.yield(
            .added(
                id: newMessage.getID(),
                text: newMessage.getText(),
                status: newMessage.getSendStatus(),
                type: newMessage.getType()
            )
        )
    }
    func removed(message: any Message) {}
    func removedAllMessages() {}
    func changed(message oldVersion: any Message, to newVersion: any Message) {
        sink.yield(.changed(id: newVersion.getID(), text: newVersion.getText(), status: newVersion.getSendStatus()))
    }
    func changed(operator previousOperator: (any Operator)?, to newOperator: (any Operator)?) {
        sink.yield(.operatorChanged(name: newOperator?.getName()))
    }
    func onOperatorTypingStateChanged(isTyping: Bool) { sink.yield(.typing(isTyping)) }
}

/// Owns a session on its executor, as a host application would.
actor SessionHarness {
    let executor = WebimExecutor(label: "test.session")
    nonisolated var unownedExecutor: UnownedSerialExecutor { executor.asUnownedSerialExecutor() }
    let listener = RecordingListener()
    private var session: (any WebimSession)?
    private var tracker: (any MessageTracker)?

    func start(accountURL: String, storage: URL) throws {
        let session = try Webim.newSessionBuilder()
            .set(accountName: accountURL)
            .set(location: "default")
            .set(storageDirectory: storage)
            .set(executor: executor)
            .build()
        session.getStream().set(currentOperatorChangeListener: listener)
        session.getStream().set(operatorTypingListener: listener)
        let tracker = try session.getStream().newMessageTracker(messageListener: listener)
        try tracker.getLastMessages(byLimit: 50) { _ in }
        try session.resume()
        (self.session, self.tracker) = (session, tracker)
    }

    func send(_ text: String) throws -> String {
        guard let session else { throw AccessError.invalidSession }
        return try session.getStream().send(message: text)
    }

    func lastMessages() throws -> [String] {
        var texts: [String] = []
        try tracker?.getLastMessages(byLimit: 50) { messages in texts = messages.map { $0.getText() } }
        return texts
    }

    func destroy() throws { try session?.destroy() }

    /// A call made here is on the executor; the same session used from elsewhere must refuse.
    nonisolated func sendFromOutside(_ session: SessionBox) -> (any Error)? {
        do {
            _ = try session.session.getStream().send(message: "from the wrong place")
            return nil
        } catch {
            return error
        }
    }

    func box() -> SessionBox? { session.map(SessionBox.init) }
}

/// Carries a session out of its executor on purpose, to prove the access check.
struct SessionBox: @unchecked Sendable {
    // Unchecked on purpose: the test uses it off the executor to see the session refuse the call.
    let session: any WebimSession
}

extension AsyncStream where Element == Observed {
    /// The first observed event matching `predicate` within `timeout`, or nil.
    func first(
        within timeout: Duration = .seconds(15),
        where predicate: @escaping @Sendable (Observed) -> Bool
    ) async -> Observed? {
        await withTimeout(timeout) {
            for await event in self where predicate(event) { return event }
            return nil
        }
    }
}
