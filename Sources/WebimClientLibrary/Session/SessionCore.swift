import AsyncHTTPClient
import Foundation
import WebimWire

/// The state of one session, confined to the session's executor: what the facades read and the loops change.
///
/// The delta loop (`Delta/`), the action queue (`Actions/`) and the history poller (`History/`) suspend on the
/// network and resume here, so listeners and completion handlers are called on the executor, in order.
actor SessionCore {
    let executor: WebimExecutor
    nonisolated var unownedExecutor: UnownedSerialExecutor { executor.asUnownedSerialExecutor() }

    var settings: SessionSettings
    let history: HistoryDatabase
    let wire: WireClient
    var log: SessionLog { settings.log }

    var state = StreamState()
    var listeners = StreamListeners()
    /// The message tracker: its listener, the messages it shows, those on their way, and older history it knows.
    var tracker = TrackerState()
    /// Requests waiting for the action loop, in order, and how that loop retries them.
    var actions = ActionQueue()
    /// When the delta loop inits and long-polls, and how it retries.
    var poller = DeltaPoller()
    var typing = TypingThrottle()

    // Lifecycle.
    var lifecycle = SessionLifecycle()
    /// Owns every task of the session.
    let lifetime = SessionLifetime()
    let clock: SessionClock
    /// The loops waiting for a state change.
    let wakeups = WakeupList()
    /// Counts requests to abandon the delta loop's held long-poll (a location change).
    var deltaRestarts = 0

    /// The device, the visitor and the page of the current visit (PROTOCOL.md §2.4).
    var identity: VisitorIdentity
    /// Credentials that signed file URLs read when they are asked for one.
    let credentials = FileURLSigner()

    /// How far the local store follows the service's history (PROTOCOL.md §6).
    var historySync = HistorySync()

    init(executor: WebimExecutor, settings: SessionSettings, history: HistoryDatabase) {
        self.executor = executor
        self.settings = settings
        self.history = history
        identity = VisitorIdentity(location: settings.location ?? "mobile", stored: [:], newDeviceID: "")
        self.clock = SessionClock(settings.clock)
        self.wire = WireClient(
            transport: settings.wireTransport
                ?? HTTPWireTransport(baseURL: settings.baseURL, client: SessionHTTPClient.shared),
            log: settings.log
        )
    }

    /// Runs `body` if the caller is on the executor and the session is alive, as every public call must.
    nonisolated func withAccess<Result: Sendable>(
        _ body: @Sendable (isolated SessionCore) throws -> Result
    ) throws -> Result {
        guard executor.isCurrent else { throw AccessError.invalidThread }
        return try assumeIsolated { core in
            guard !core.isDestroyed else { throw AccessError.invalidSession }
            return try body(core)
        }
    }

    /// Wraps a non-Sendable value (a completion closure) for the trip through the core; off the executor it throws.
    nonisolated func bind<Value>(_ value: Value) throws -> ExecutorBound<Value> {
        guard executor.isCurrent else { throw AccessError.invalidThread }
        return ExecutorBound(value, on: executor)
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
            spawn { await $0.runDeltaLoop() }
            spawn { await $0.runActionLoop() }
            spawn { await $0.runHistoryLoop() }
        case .wakeLoops:
            wakeAll()
        case .end(let clearingVisitorData):
            lifetime.end(farewell: clearingVisitorData ? pushTokenUnregistration() : nil)
            tracker.sessionEnded()
            wakeAll()
            listeners = StreamListeners()
            for case .finish(let queued, let outcome) in actions.cancelAll() { queued.onFinish(self, outcome) }
            // Closed either way: a new session for the same visitor (a restarted tab, say) opens it next.
            try? history.close()
            if clearingVisitorData { settings.eraseVisitorData() }
        case .none:
            break
        }
    }

    /// Runs `body` on the session's executor as a child of its lifetime: cancelled when the session ends.
    func spawn(_ body: @escaping @Sendable (isolated SessionCore) async -> Void) {
        lifetime.run { await body(self) }
    }

    /// Abandons a held long-poll and starts the delta loop's next request at once (after a location change).
    func restartDeltaLoop() {
        deltaRestarts += 1
        wakeAll()
    }

    /// Suspends until `condition` holds, the session is destroyed or the task is cancelled; state changes call
    /// `wakeAll()`.
    func waitUntil(_ condition: () -> Bool) async {
        while true {
            let ticket = wakeups.ticket
            guard !isDestroyed, !Task.isCancelled, !condition() else { return }
            await wakeups.wait(after: ticket)
        }
    }

    /// Lets every `waitUntil` re-check its condition.
    func wakeAll() { wakeups.wakeAll() }

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

    /// Tells the non-fatal handler when the connection is lost or back.
    func setConnected(_ connected: Bool) {
        guard connected != state.isConnected else { return }
        state.isConnected = connected
        settings.notFatalErrorHandler?.connectionStateChanged(connected: connected)
    }
}
