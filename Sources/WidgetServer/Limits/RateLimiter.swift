import Synchronization

/// Token buckets by key (a tab, or tab creation), so that one runaway page cannot flood the chat service.
final class RateLimiter: Sendable {
    private let rule: WidgetConfiguration.RateRule?
    private let buckets = Mutex<Buckets>(Buckets())

    private struct Buckets {
        var byKey: [String: TokenBucket] = [:]
        /// Full buckets are forgotten whenever the table doubles past this size.
        var pruneAt = 1024
    }

    /// `rule` nil turns limiting off.
    init(rule: WidgetConfiguration.RateRule?) { self.rule = rule }

    /// Counts one request for `key`; nil when allowed, else the seconds to wait.
    func refusal(for key: String, now: ContinuousClock.Instant = .now) -> Double? {
        guard let rule else { return nil }
        return buckets.withLock { state in
            var bucket =
                state.byKey[key] ?? TokenBucket(capacity: rule.burst, ratePerSecond: rule.perSecond, now: now)
            let outcome = bucket.take(now: now)
            state.byKey[key] = bucket
            if state.byKey.count >= state.pruneAt {
                state.byKey = state.byKey.filter { !$0.value.isFull(now: now) }
                state.pruneAt = max(1024, state.byKey.count * 2)
            }
            switch outcome {
            case .success: return nil
            case .failure(let wait): return wait.seconds
            }
        }
    }
}
