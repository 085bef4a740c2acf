import CoreMetrics
import Dispatch
import Prometheus
import WebimClientLibrary

/// The widget server's own counts, kept in a Prometheus registry of its own (one per server, so that tests running
/// several in one process each read theirs) and written out by `GET /metrics`.
///
/// What is counted on the way (an event delivered, an action's outcome, a stream that could not keep up) costs an
/// atomic add or a short lock; what is a level (tabs, streams, the drain, the data folder) is read when scraped.
final class WidgetMetrics: Sendable {
    let registry: PrometheusCollectorRegistry
    /// The metrics API over `registry`, for the client core's counts (retries, group commits).
    let factory: PrometheusMetricsFactory
    /// The client core's retries, shared by every tab's session.
    let retries: SessionRetryMetrics
    private let deliveries: CoreMetrics.Counter
    private let deliveryLatency: CoreMetrics.Timer
    private let overflows: CoreMetrics.Counter
    private let succeeded: CoreMetrics.Counter

    /// From half a millisecond (an event on an idle server) to two seconds (one that waited for a slow stream).
    static let deliveryBuckets: [Duration] = [
        .microseconds(500), .milliseconds(1), .milliseconds(2), .milliseconds(5), .milliseconds(10),
        .milliseconds(25), .milliseconds(50), .milliseconds(100), .milliseconds(250), .milliseconds(500),
        .seconds(1), .seconds(2),
    ]
    /// Writes per group commit: one (a quiet server) to a few hundred (a storm of tabs each storing a message).
    static let commitWriteBuckets: [Double] = [1, 2, 4, 8, 16, 32, 64, 128, 256, 512]

    init() {
        registry = PrometheusCollectorRegistry()
        var factory = PrometheusMetricsFactory(registry: registry)
        factory.durationHistogramBuckets = ["webim_widget_event_delivery_seconds": Self.deliveryBuckets]
        factory.valueHistogramBuckets = ["webim_history_commit_writes": Self.commitWriteBuckets]
        self.factory = factory
        retries = SessionRetryMetrics(factory: factory)
        deliveries = CoreMetrics.Counter(label: "webim_widget_events_delivered_total", factory: factory)
        deliveryLatency = CoreMetrics.Timer(label: "webim_widget_event_delivery_seconds", factory: factory)
        overflows = CoreMetrics.Counter(label: "webim_widget_stream_overflows_total", factory: factory)
        succeeded = CoreMetrics.Counter(
            label: "webim_widget_actions_total",
            dimensions: [("outcome", "success"), ("code", "")],
            factory: factory
        )
    }

    /// An event published at `publishedAt` (`DispatchTime`'s nanoseconds) was written to a page's stream.
    func delivered(publishedAt: UInt64) {
        deliveries.increment()
        let now = DispatchTime.now().uptimeNanoseconds
        deliveryLatency.recordNanoseconds(Int64(clamping: now &- publishedAt))
    }

    /// A page's stream was closed because its queue was full.
    func streamOverflowed() { overflows.increment() }

    /// A page's action ended so. A failure's code is one of `ActionFailure`'s (a few dozen), so the label set stays
    /// bounded.
    func count(_ result: ActionResult) {
        guard let failure = result.error.value else { return succeeded.increment() }
        let dimensions = [("outcome", "failure"), ("code", failure.code)]
        CoreMetrics.Counter(label: "webim_widget_actions_total", dimensions: dimensions, factory: factory).increment()
    }
}
