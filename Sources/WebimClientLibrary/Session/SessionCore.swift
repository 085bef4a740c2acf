import AsyncHTTPClient
import Foundation
import WebimWire

/// One session: its lifecycle, and the wiring between the parts that do its work. Each part owns its state
/// machine and runs confined to the session's executor, so listeners and completion handlers are called there, in
/// order:
/// - the delta loop (`Delta/DeltaLoop`) inits, long-polls and applies what the service reports;
/// - the action loop (`Actions/ActionLoop`) performs the visitor's requests one at a time, which the outbox
///   (`Actions/Outbox`), the chat's requests (`Actions/ChatRequests`) and reads (`Actions/ReadRequests`) queue;
/// - history sync (`History/HistorySyncLoop`) keeps the local store in step with the service, and older history
///   (`History/OlderHistory`) pages back through it;
/// - message tracking (`Tracker/MessageTracking`) shows the tracker's range and the messages on their way.
actor SessionCore {
    let services: SessionServices
    nonisolated var unownedExecutor: UnownedSerialExecutor { services.executor.asUnownedSerialExecutor() }

    var settings: SessionSettings
    var lifecycle = SessionLifecycle()
    /// The device, the visitor and the page of the current visit (PROTOCOL.md §2.4).
    var identity: VisitorIdentity
    /// What `MessageStream`'s getters report, and who hears of its changes.
    var state = StreamState()
    var listeners = StreamListeners()

    let delta = DeltaLoop()
    let actions = ActionLoop()
    let historySync = HistorySyncLoop()
    let tracker = MessageTracking()

    init(executor: WebimExecutor, settings: SessionSettings, history: HistoryDatabase) {
        self.settings = settings
        services = SessionServices(executor: executor, settings: settings, history: history)
        identity = VisitorIdentity(location: settings.location ?? "mobile", stored: [:], newDeviceID: "")
    }

    var wire: WireClient { services.wire }
    var history: HistoryDatabase { services.history }
    var clock: SessionClock { services.clock }
    var log: SessionLog { settings.log }

    /// How messages are built now: the session's base URL, file signer and config flags.
    var messageContext: MessageContext {
        MessageContext(
            baseURL: settings.baseURL,
            signer: services.fileSigner,
            editingAllowed: state.visitorMessageEditing,
            quotingAllowed: state.webAndMobileQuoting
        )
    }

    // MARK: Access

    /// Runs `body` if the caller is on the executor and the session is alive, as every public call must.
    nonisolated func withAccess<Result: Sendable>(
        _ body: @Sendable (isolated SessionCore) throws -> Result
    ) throws -> Result {
        guard services.executor.isCurrent else { throw AccessError.invalidThread }
        return try assumeIsolated { core in
            guard !core.isDestroyed else { throw AccessError.invalidSession }
            return try body(core)
        }
    }

    /// Wraps a non-Sendable value (a completion closure) for the trip through the core; off the executor it throws.
    nonisolated func bind<Value>(_ value: Value) throws -> ExecutorBound<Value> {
        guard services.executor.isCurrent else { throw AccessError.invalidThread }
        return ExecutorBound(value, on: services.executor)
    }

    /// Reads state for a getter: the reference's getters do not throw, so a bad call gets `fallback`.
    nonisolated func read<Result: Sendable>(
        _ fallback: Result,
        _ body: @Sendable (isolated SessionCore) -> Result
    )
        -> Result
    {
        (try? withAccess(body)) ?? fallback
    }

    // MARK: Lifecycle

    var isDestroyed: Bool { lifecycle.isDestroyed }

    func resume() { perform(lifecycle.resume()) }

    func pause() { perform(lifecycle.pause()) }

    /// Stops the loops; with `clearingVisitorData`, deletes everything stored about the visitor.
    func destroy(clearingVisitorData: Bool) { perform(lifecycle.destroy(clearingVisitorData: clearingVisitorData)) }

    private func perform(_ action: SessionLifecycle.Action) {
        switch action {
        case .startLoops:
            spawn { await $0.delta.run(in: $0) }
            spawn { await $0.actions.run(in: $0) }
            spawn { await $0.historySync.run(in: $0) }
        case .wakeLoops:
            wakeAll()
        case .end(let clearingVisitorData):
            services.lifetime.end(farewell: clearingVisitorData ? ChatRequests.pushTokenUnregistration(in: self) : nil)
            tracker.sessionEnded()
            wakeAll()
            listeners = StreamListeners()
            actions.cancelAll(in: self)
            // Closed either way: a new session for the same visitor (a restarted tab, say) opens it next.
            try? history.close()
            if clearingVisitorData { settings.eraseVisitorData() }
        case .none:
            break
        }
    }

    /// Runs `body` on the session's executor as a child of its lifetime: cancelled when the session ends.
    func spawn(_ body: @escaping @Sendable (isolated SessionCore) async -> Void) {
        services.lifetime.run { await body(self) }
    }

    /// Runs `body` on the session's executor within the caller's task: how a task that is not the session's (a
    /// child of a part's task group, an async caller of the public API) reaches the parts.
    func within<Result: Sendable>(
        _ body: @Sendable (isolated SessionCore) async throws -> Result
    ) async rethrows -> Result {
        try await body(self)
    }

    /// Suspends until `condition` holds, the session is destroyed or the task is cancelled; state changes call
    /// `wakeAll()`.
    func waitUntil(_ condition: () -> Bool) async {
        while true {
            let ticket = services.wakeups.ticket
            guard !isDestroyed, !Task.isCancelled, !condition() else { return }
            await services.wakeups.wait(after: ticket)
        }
    }

    /// Lets every `waitUntil` re-check its condition.
    func wakeAll() { services.wakeups.wakeAll() }

    // MARK: The stream's state

    /// Changes the stream's state and tells whoever must hear of it: the tracker, the listeners, the waiting loops.
    func update(_ change: (inout StreamState) -> [StreamChange]) {
        let changes = change(&state)
        guard !changes.isEmpty else { return }
        if changes.contains(where: \.endsPendingKeyboards) { tracker.chatOrOperatorChanged(in: self) }
        listeners.deliver(changes)
        if changes.contains(where: \.wakesLoops) { wakeAll() }
    }

    /// Tells the non-fatal handler when the connection is lost or back.
    func setConnected(_ connected: Bool) {
        guard connected != state.isConnected else { return }
        state.isConnected = connected
        settings.notFatalErrorHandler?.connectionStateChanged(connected: connected)
    }

    // MARK: The visit

    /// Forgets the page so that the next request inits again (PROTOCOL.md §2.6 `reinit-required`).
    func dropAuthorization() {
        identity.forgetPage()
        delta.needsInitialization()
        services.fileSigner.update(baseURL: settings.baseURL, pageID: nil, authToken: nil)
    }

    /// Moves to another location (PROTOCOL.md §2.8): drop the page and init again at once.
    func change(location newLocation: String) {
        identity.location = newLocation
        dropAuthorization()
        delta.restart(in: self)
    }

    // MARK: Errors

    /// Reports a fatal error and ends the session (PROTOCOL.md §2.6).
    func fail(with code: String) {
        let type: FatalErrorType =
            switch code {
            case WireError.accountBlocked: .accountBlocked
            case WireError.visitorBanned: .visitorBanned
            case WireError.wrongProvidedVisitorHash: .wrongProvidedVisitorHash
            case WireError.providedVisitorExpired: .providedVisitorFieldsExpired
            case WireError.wrongInit: .initializationFailed
            case WireError.noChat: .noChat
            default: .unknown
            }
        log(.error, .networkRequest, "fatal protocol error: \(code)")
        let handler = settings.fatalErrorHandler
        let alert = settings.webimAlert
        destroy(clearingVisitorData: false)
        handler?.on(error: WebimErrorImpl(type: type, string: code))
        alert?.present(title: "Webim", message: code)
    }

    /// Reports a transient network problem.
    func report(_ type: NotFatalErrorType, _ description: String) {
        settings.notFatalErrorHandler?.on(error: WebimNotFatalErrorImpl(type: type, string: description))
    }
}
