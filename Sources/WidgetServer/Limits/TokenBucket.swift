import HTTPAPI

/// A token bucket: `capacity` requests at once, refilled at `ratePerSecond`.
struct TokenBucket: Sendable {
    let capacity: Double
    let ratePerSecond: Double
    private var tokens: Double
    private var refilledAt: ContinuousClock.Instant

    init(capacity: Int, ratePerSecond: Double, now: ContinuousClock.Instant) {
        self.capacity = Double(max(1, capacity))
        self.ratePerSecond = ratePerSecond
        tokens = self.capacity
        refilledAt = now
    }

    /// Takes one token; when none is left, the seconds until one is (for `Retry-After`).
    mutating func take(now: ContinuousClock.Instant) -> Result<Void, WaitTime> {
        refill(now: now)
        guard tokens < 1 else {
            tokens -= 1
            return .success(())
        }
        return .failure(WaitTime(seconds: (1 - tokens) / ratePerSecond))
    }

    /// Whether the bucket is full again, so forgetting it changes nothing.
    func isFull(now: ContinuousClock.Instant) -> Bool {
        var copy = self
        copy.refill(now: now)
        return copy.tokens >= capacity
    }

    private mutating func refill(now: ContinuousClock.Instant) {
        tokens = min(capacity, tokens + (now - refilledAt).inSeconds * ratePerSecond)
        refilledAt = now
    }

    /// How long a refused request should wait.
    struct WaitTime: Error {
        var seconds: Double
    }
}
