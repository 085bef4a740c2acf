import Logging
import ServiceLifecycle

/// Closes tabs that no page has read for a while (`WidgetConfiguration.tabIdleTimeout`) and destroys their sessions.
struct TabReaper: Service {
    let registry: TabRegistry
    let idleTimeout: Duration
    let logger: Logger
    var clock: any Clock<Duration> = ContinuousClock()

    /// How often to look: a quarter of the timeout, between 50 ms and 30 s.
    var interval: Duration { min(max(idleTimeout / 4, .milliseconds(50)), .seconds(30)) }

    func run() async throws {
        try? await cancelWhenGracefulShutdown {
            while !Task.isCancelled {
                try await clock.sleep(for: interval, tolerance: nil)
                for tab in registry.removeIdle(for: idleTimeout) {
                    logger.info("closing an idle tab", metadata: ["tab": "\(tab.id.prefix(6))"])
                    await tab.close(clearingVisitorData: false)
                }
            }
        }
    }
}
