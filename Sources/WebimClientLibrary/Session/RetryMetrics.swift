package import CoreMetrics

/// A loop's retries, counted through the embedding program's metrics backend: how often it backed off after a
/// request the service did not answer usefully, and how long it waited in all. A deployment sees its chat service
/// struggling here long before visitors report it (`webim_core_backoffs_total`).
package struct RetryMetrics: Sendable {
    private let backoffs: Counter
    private let waited: FloatingPointCounter

    /// `loop`: `delta` (the long poll) or `actions` (the action queue).
    package init(loop: String, factory: any MetricsFactory) {
        let dimensions = [("loop", loop)]
        backoffs = Counter(label: "webim_core_backoffs_total", dimensions: dimensions, factory: factory)
        waited = FloatingPointCounter(
            label: "webim_core_backoff_seconds_total",
            dimensions: dimensions,
            factory: factory
        )
    }

    /// The loop is about to wait `duration` before asking again.
    func backingOff(for duration: Duration) {
        backoffs.increment()
        let (seconds, attoseconds) = duration.components
        waited.increment(by: Double(seconds) + Double(attoseconds) / 1e18)
    }
}

/// Both loops' retry counts, one pair a server shares between all its sessions.
package struct SessionRetryMetrics: Sendable {
    let delta: RetryMetrics
    let actions: RetryMetrics

    package init(factory: any MetricsFactory) {
        delta = RetryMetrics(loop: "delta", factory: factory)
        actions = RetryMetrics(loop: "actions", factory: factory)
    }

    /// Counted nowhere: an app's session, unless it asks.
    static let uncounted = SessionRetryMetrics(factory: NOOPMetricsHandler.instance)
}
