import Synchronization

/// When each awaited message text arrived on some stream, and who is waiting for which.
final class ArrivalBook: Sendable {
    private struct State {
        var arrivals: [String: ContinuousClock.Instant] = [:]
        var waiters: [String: CheckedContinuation<ContinuousClock.Instant, Never>] = [:]
        var count = 0
    }
    private let state = Mutex(State())

    /// How many message events arrived in all.
    var count: Int { state.withLock { $0.count } }

    /// Records that `text` arrived now.
    func arrived(_ text: String, at instant: ContinuousClock.Instant = .now) {
        let waiter = state.withLock { state -> CheckedContinuation<ContinuousClock.Instant, Never>? in
            state.count += 1
            if let waiter = state.waiters.removeValue(forKey: text) { return waiter }
            state.arrivals[text] = instant
            return nil
        }
        waiter?.resume(returning: instant)
    }

    /// When `text` arrived, waiting for it if it has not yet.
    func arrival(of text: String) async -> ContinuousClock.Instant {
        await withCheckedContinuation { continuation in
            let instant = state.withLock { state -> ContinuousClock.Instant? in
                if let instant = state.arrivals.removeValue(forKey: text) { return instant }
                state.waiters[text] = continuation
                return nil
            }
            if let instant { continuation.resume(returning: instant) }
        }
    }
}
