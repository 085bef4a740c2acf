import HTTPAPI
import Logging
import Synchronization

/// The server's drain before it stops (SIGTERM, or any graceful shutdown), so that a balancer can move its visitors
/// to another server without losing anything: from the start no new tab opens (`/readyz` and `POST /api/tabs` answer
/// 503 `draining`), every open stream is told to reconnect elsewhere (`retry:` and a `reconnect` event, then it
/// ends), and the requests being handled (a message's 202 means it is on disk) may finish, for at most `timeout`.
/// The tabs open meanwhile keep working; the application closes them, keeping their data, once the drain is over.
///
/// `DrainService` starts it when the graceful shutdown reaches it; tests call `run()` themselves.
public final class ServerDrain: Sendable {
    /// The reconnection delay the dismissed streams are told: an EventSource whose page does not act on `reconnect`
    /// comes back this soon, instead of after the stream's usual 2 s.
    static let retryMilliseconds = 1_000

    /// How long the requests in flight may take before the server stops anyway.
    public let timeout: Duration
    private let registry: TabRegistry
    private let clock: ServerClock
    private let logger: Logger

    private struct Locked: Sendable {
        var machine = StateMachine()
        /// The callers of `run()` waiting for the drain to be over.
        var waiters: [CheckedContinuation<Void, Never>] = []
    }

    private let state = Mutex(Locked())

    init(registry: TabRegistry, timeout: Duration, clock: ServerClock, logger: Logger) {
        self.registry = registry
        self.timeout = timeout
        self.clock = clock
        self.logger = logger
    }

    /// Whether the drain has started: the server opens no new tab from then on.
    public var isDraining: Bool { state.withLock { $0.machine.isDraining } }

    /// Whether the drain is over (the server may stop).
    public var isFinished: Bool { state.withLock { $0.machine.isFinished } }

    /// Requests being handled now.
    var requestsInFlight: Int { state.withLock { $0.machine.requestsInFlight } }

    /// Starts the drain and returns once it is over: nothing in flight any more, or `timeout` passed. Later calls
    /// start nothing new and wait for the same drain. Cancelling the caller ends the drain at once.
    public func run() async {
        let action = state.withLock { $0.machine.start() }
        if action != .none {
            logger.info(
                "draining: no new tabs; open streams told to reconnect",
                metadata: ["inFlight": "\(requestsInFlight)", "timeout": "\(timeout)"]
            )
        }
        perform(action)
        await withTaskGroup(of: Void.self) { group in
            group.addTask { [clock, timeout] in
                // Cancelled below once the drain is over, when the timeout then finds nothing to end; cancelled from
                // outside, it ends the drain now.
                try? await clock.sleep(for: timeout)
                self.perform(self.state.withLock { $0.machine.timeoutPassed() }, timedOut: true)
            }
            await untilFinished()
            group.cancelAll()
        }
    }

    /// A request reached the routes (`InFlightRequestMiddleware`).
    func requestStarted() { state.withLock { $0.machine.requestStarted() } }

    /// A request was answered; the last one in flight ends a drain.
    func requestFinished() { perform(state.withLock { $0.machine.requestFinished() }) }

    private func untilFinished() async {
        await withCheckedContinuation { continuation in
            let isFinished = state.withLock { locked in
                if !locked.machine.isFinished { locked.waiters.append(continuation) }
                return locked.machine.isFinished
            }
            if isFinished { continuation.resume() }
        }
    }

    private func perform(_ action: StateMachine.Action, timedOut: Bool = false) {
        switch action {
        case .none:
            return
        case .dismissStreams:
            registry.dismissStreams(with: .reconnect(reason: .draining, retryMilliseconds: Self.retryMilliseconds))
        case .finish:
            // Streams a page opened again here during the drain go too, before the server stops listening.
            registry.dismissStreams(with: .reconnect(reason: .draining, retryMilliseconds: Self.retryMilliseconds))
            let (waiters, inFlight) = state.withLock { locked in
                defer { locked.waiters = [] }
                return (locked.waiters, locked.machine.requestsInFlight)
            }
            if timedOut {
                logger.warning("the drain timed out with requests in flight", metadata: ["inFlight": "\(inFlight)"])
            } else {
                logger.info("drained: nothing in flight")
            }
            for waiter in waiters { waiter.resume() }
        }
    }
}
