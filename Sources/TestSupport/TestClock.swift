import Synchronization

/// A clock whose time moves only when a test advances it: timers under test fire on `advance(by:)`, never after
/// real time passes. (swift-clocks has one, but its manifest needs a newer toolchain and packages this machine
/// lacks.)
public final class TestClock: Clock, Sendable {
    /// A point on the test clock: the time advanced since it was made.
    public struct Instant: InstantProtocol {
        fileprivate var offset: Duration

        public func advanced(by duration: Duration) -> Instant { Instant(offset: offset + duration) }
        public func duration(to other: Instant) -> Duration { other.offset - offset }
        public static func < (lhs: Instant, rhs: Instant) -> Bool { lhs.offset < rhs.offset }
    }

    private struct Sleeper {
        var deadline: Instant
        var continuation: CheckedContinuation<Void, any Error>
    }

    private struct State {
        var now = Instant(offset: .zero)
        var nextID = 0
        var sleepers: [Int: Sleeper] = [:]
        var cancelledEarly: Set<Int> = []
        /// Told each time a sleeper starts sleeping.
        var sleepWatchers: [Int: AsyncStream<Void>.Continuation] = [:]
    }

    private let state = Mutex(State())

    public init() {}

    public var now: Instant { state.withLock { $0.now } }
    public var minimumResolution: Duration { .zero }

    public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
        let id = state.withLock { state in
            defer { state.nextID += 1 }
            return state.nextID
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                register(id: id, deadline: deadline, continuation)
            }
        } onCancel: {
            let sleeper = state.withLock { state in
                guard let sleeper = state.sleepers.removeValue(forKey: id) else {
                    state.cancelledEarly.insert(id)
                    return Sleeper?.none
                }
                return sleeper
            }
            sleeper?.continuation.resume(throwing: CancellationError())
        }
    }

    private enum Registration {
        case cancelled
        case due
        case sleeping(watchers: [AsyncStream<Void>.Continuation])
    }

    private func register(id: Int, deadline: Instant, _ continuation: CheckedContinuation<Void, any Error>) {
        let registration: Registration = state.withLock { state in
            if state.cancelledEarly.remove(id) != nil { return .cancelled }
            if deadline <= state.now { return .due }
            state.sleepers[id] = Sleeper(deadline: deadline, continuation: continuation)
            return .sleeping(watchers: Array(state.sleepWatchers.values))
        }
        switch registration {
        case .cancelled: continuation.resume(throwing: CancellationError())
        case .due: continuation.resume()
        case .sleeping(let watchers): for watcher in watchers { watcher.yield() }
        }
    }

    /// Moves time forward and wakes every sleep whose deadline passed.
    public func advance(by duration: Duration) {
        let due = state.withLock { state in
            state.now = state.now.advanced(by: duration)
            let now = state.now
            let due = state.sleepers.filter { $0.value.deadline <= now }
            for id in due.keys { state.sleepers[id] = nil }
            return due.values.map(\.continuation)
        }
        for continuation in due { continuation.resume() }
    }

    /// Waits until a sleep until `deadline` waits for the clock, or `timeout` of real time passed; false then.
    /// A test advances the clock only once the timer it means to fire is asleep.
    public func waitForSleep(until deadline: Instant, timeout: Duration = .seconds(10)) async -> Bool {
        let (changes, sink) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
        let watcher = state.withLock { state in
            defer { state.nextID += 1 }
            state.sleepWatchers[state.nextID] = sink
            return state.nextID
        }
        defer {
            // A finished watcher would otherwise stay in the list for the clock's life.
            state.withLock { _ = $0.sleepWatchers.removeValue(forKey: watcher) }
            sink.finish()
        }
        let reached = await withTimeout(timeout) { [self] in
            if isSleeping(until: deadline) { return true }
            for await _ in changes where isSleeping(until: deadline) { return true }
            return false
        }
        return reached == true
    }

    private func isSleeping(until deadline: Instant) -> Bool {
        state.withLock { $0.sleepers.values.contains { $0.deadline == deadline } }
    }
}
