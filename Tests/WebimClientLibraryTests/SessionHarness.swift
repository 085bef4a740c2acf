import Foundation
import Synchronization
import TestSupport
import WebimClientLibrary

/// What the session's listeners and handlers reported, in order.
enum Observed: Sendable, Equatable {
    case added(id: String, text: String, status: MessageSendStatus, type: MessageType)
    case changed(id: String, text: String, status: MessageSendStatus)
    /// A visitor message the operator has now read.
    case readByOperator(id: String)
    case removed(id: String)
    case removedAll
    case operatorChanged(name: String?)
    case typing(Bool)
    case chatState(ChatState)
    case visitState(VisitSessionState)
    case onlineStatus(OnlineStatus)
    case departments([String])
    case hintsEnabled(Bool)
    case unreadByVisitorCount(Int)
    case unreadByVisitorTimestamp(isSet: Bool)
    case unreadByOperatorTimestamp(isSet: Bool)
    case hello(String)
    case fatal(FatalErrorType, String)
    case notFatal(NotFatalErrorType)
    case connected(Bool)
    /// A completion handler ran: `handler` names it, `outcome` is "success" or the error case.
    case completed(handler: String, outcome: String)
}

/// Records every listener and handler call into one stream the test awaits.
final class RecordingListener: MessageListener, CurrentOperatorChangeListener, OperatorTypingListener,
    ChatStateListener, VisitSessionStateListener, OnlineStatusChangeListener, DepartmentListChangeListener,
    LocationSettingsChangeListener, UnreadByVisitorMessageCountChangeListener, UnreadByVisitorTimestampChangeListener,
    UnreadByOperatorTimestampChangeListener, HelloMessageListener, FatalErrorHandler, NotFatalErrorHandler
{
    let events: AsyncStream<Observed>
    private let sink: AsyncStream<Observed>.Continuation

    init() { (events, sink) = AsyncStream.makeStream(of: Observed.self) }

    func record(_ event: Observed) { sink.yield(event) }

    func added(message newMessage: any Message, after previousMessage: (any Message)?) {
        // The latest version is stored before the event, so a test that sees the event can read it.
        latest.withLock { $0[newMessage.getID()] = newMessage }
        record(
            .added(
                id: newMessage.getID(),
                text: newMessage.getText(),
                status: newMessage.getSendStatus(),
                type: newMessage.getType()
            )
        )
    }
    func removed(message: any Message) { record(.removed(id: message.getID())) }
    func removedAllMessages() { record(.removedAll) }
    func changed(message oldVersion: any Message, to newVersion: any Message) {
        latest.withLock { $0[newVersion.getID()] = newVersion }
        record(.changed(id: newVersion.getID(), text: newVersion.getText(), status: newVersion.getSendStatus()))
        if newVersion.isReadByOperator(), !oldVersion.isReadByOperator() {
            record(.readByOperator(id: newVersion.getID()))
        }
    }
    func changed(operator previousOperator: (any Operator)?, to newOperator: (any Operator)?) {
        record(.operatorChanged(name: newOperator?.getName()))
    }
    func onOperatorTypingStateChanged(isTyping: Bool) { record(.typing(isTyping)) }
    func changed(state previousState: ChatState, to newState: ChatState) { record(.chatState(newState)) }
    func changed(state previousState: VisitSessionState, to newState: VisitSessionState) {
        record(.visitState(newState))
    }
    func changed(onlineStatus previousOnlineStatus: OnlineStatus, to newOnlineStatus: OnlineStatus) {
        record(.onlineStatus(newOnlineStatus))
    }
    func received(departmentList: [any Department]) {
        record(.departments(departmentList.map { $0.getKey() }.sorted()))
    }
    func changed(locationSettings previous: any LocationSettings, to new: any LocationSettings) {
        record(.hintsEnabled(new.areHintsEnabled()))
    }
    func changedUnreadByVisitorMessageCountTo(newValue: Int) { record(.unreadByVisitorCount(newValue)) }
    func changedUnreadByVisitorTimestampTo(newValue: Date?) {
        record(.unreadByVisitorTimestamp(isSet: newValue != nil))
    }
    func changedUnreadByOperatorTimestampTo(newValue: Date?) {
        record(.unreadByOperatorTimestamp(isSet: newValue != nil))
    }
    func helloMessage(message: String) { record(.hello(message)) }
    func on(error: any WebimError) { record(.fatal(error.getErrorType(), error.getErrorString())) }
    func on(error: any WebimNotFatalError) { record(.notFatal(error.getErrorType())) }
    func connectionStateChanged(connected: Bool) { record(.connected(connected)) }

    /// The latest version of every message reported, by id, for tests that act on a message.
    let latest = Mutex<[String: any Message]>([:])

    /// The latest version of the message with `id`.
    func message(_ id: String) -> (any Message)? { latest.withLock { $0[id] } }
}

/// Owns a session on its executor, as a host application would.
actor SessionHarness {
    let executor = WebimExecutor(label: "test.session")
    nonisolated var unownedExecutor: UnownedSerialExecutor { executor.asUnownedSerialExecutor() }
    let listener = RecordingListener()
    private var session: (any WebimSession)?
    private var tracker: (any MessageTracker)?

    func start(
        accountURL: String,
        storage: URL,
        location: String = "default",
        requestTimeout: Duration = .seconds(30),
        configure: @Sendable (SessionBuilder) -> Void = { _ in }
    ) throws {
        let builder = Webim.newSessionBuilder()
            .set(accountName: accountURL)
            .set(location: location)
            .set(storageDirectory: storage)
            .set(executor: executor)
            .set(requestTimeout: requestTimeout)
            .set(fatalErrorHandler: listener)
            .set(notFatalErrorHandler: listener)
        configure(builder)
        let session = try builder.build()
        let stream = session.getStream()
        stream.set(currentOperatorChangeListener: listener)
        stream.set(operatorTypingListener: listener)
        stream.set(chatStateListener: listener)
        stream.set(visitSessionStateListener: listener)
        stream.set(onlineStatusChangeListener: listener)
        stream.set(departmentListChangeListener: listener)
        stream.set(locationSettingsChangeListener: listener)
        stream.set(unreadByVisitorMessageCountChangeListener: listener)
        stream.set(unreadByVisitorTimestampChangeListener: listener)
        stream.set(unreadByOperatorTimestampChangeListener: listener)
        stream.set(helloMessageListener: listener)
        let tracker = try stream.newMessageTracker(messageListener: listener)
        try tracker.getLastMessages(byLimit: 50) { _ in }
        try session.resume()
        (self.session, self.tracker) = (session, tracker)
    }

    /// Runs `body` on the session's executor with the session and its stream.
    func run<Result: Sendable>(
        _ body: @Sendable (any WebimSession, any MessageStream) throws -> Result
    ) throws -> Result {
        guard let session else { throw AccessError.invalidSession }
        return try body(session, session.getStream())
    }

    func send(_ text: String) throws -> String {
        try run { _, stream in try stream.send(message: text) }
    }

    func lastMessages(limit: Int = 50) throws -> [String] {
        var texts: [String] = []
        try tracker?.getLastMessages(byLimit: limit) { messages in texts = messages.map { $0.getText() } }
        return texts
    }

    /// Every message of the history, as the tracker's `getAllMessages` answers.
    func allMessageIDs() async throws -> [String] {
        guard let tracker else { throw AccessError.invalidSession }
        let (pages, sink) = AsyncStream.makeStream(of: [String].self)
        try tracker.getAllMessages { messages in sink.yield(messages.map { $0.getID() }) }
        return await withTimeout(.seconds(30)) { await pages.first { _ in true } } ?? []
    }

    /// A new tracker (the old one is destroyed) and its first page's ids, answered at once from local history.
    func newTracker(lastMessages limit: Int) throws -> [String] {
        guard let session else { throw AccessError.invalidSession }
        let tracker = try session.getStream().newMessageTracker(messageListener: listener)
        self.tracker = tracker
        var ids: [String] = []
        try tracker.getLastMessages(byLimit: limit) { messages in ids = messages.map { $0.getID() } }
        return ids
    }

    /// The next older page's ids.
    func nextMessageIDs(limit: Int) async throws -> [String] {
        guard let tracker else { throw AccessError.invalidSession }
        let (pages, sink) = AsyncStream.makeStream(of: [String].self)
        try tracker.getNextMessages(byLimit: limit) { messages in sink.yield(messages.map { $0.getID() }) }
        return await withTimeout(.seconds(15)) { await pages.first { _ in true } } ?? []
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
    /// Whether every one of `expected` is observed within `timeout`, in any order (other events are skipped).
    ///
    /// A completion handler runs when the service answers the action, a listener when the delta arrives:
    /// either may come first, and waiting for one in turn would skip the other.
    func sawAll(_ expected: [Observed], within timeout: Duration = .seconds(15)) async -> Bool {
        await sawAll(matching: expected.map { wanted in { $0 == wanted } }, within: timeout)
    }

    /// Whether each predicate matches an observed event within `timeout`, in any order (one event each).
    func sawAll(
        matching predicates: [@Sendable (Observed) -> Bool],
        within timeout: Duration = .seconds(15)
    ) async -> Bool {
        await withTimeout(timeout) {
            var missing = predicates
            for await event in self {
                if let index = missing.firstIndex(where: { $0(event) }) { missing.remove(at: index) }
                if missing.isEmpty { return true }
            }
            return nil
        } ?? false
    }

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
