import Foundation
import HTTPAPI
import Logging
import ServiceLifecycle

/// Closes tabs that no page has read for a while (`WidgetConfiguration.tabIdleTimeout`), and tabs whose page left as
/// soon as their outbox is delivered, and destroys their sessions; now and then deletes the data of tabs closed long
/// ago.
struct TabReaper: TypeNamedService {
    let registry: TabRegistry
    let idleTimeout: Duration
    let sweeper: TabDataSweeper
    let logger: Logger
    /// The server's clock: the reaper waits its rounds and times its sweeps on it.
    var clock = ServerClock.system

    /// How often to look: a quarter of the timeout, between 50 ms and 30 s.
    var interval: Duration { min(max(idleTimeout / 4, .milliseconds(50)), .seconds(30)) }

    /// How often to sweep old data: a quarter of the retention, at most every 10 minutes.
    var sweepInterval: Duration { min(sweeper.retention / 4, .seconds(600)) }

    func run() async throws {
        try? await cancelWhenGracefulShutdown {
            try await withThrowingDiscardingTaskGroup { group in
                group.addTask { [registry] in await TabClosing.closeDeparted(from: registry) }
                try await closeIdleTabs()
            }
        }
    }

    /// Every `interval`, closes the idle tabs and returns freed memory as `HeapTrimSchedule` says; until cancelled.
    private func closeIdleTabs() async throws {
        // The first sweep waits an interval too: a server restarted under a thousand returning pages would
        // otherwise walk every kept tab's folder while they all resume (a restart storm's slowest second); data that
        // expired while it was down can wait that long.
        var lastSweep = clock.now()
        var trims = HeapTrimSchedule()
        while !Task.isCancelled {
            let now = clock.now()
            if now - lastSweep >= sweepInterval.inSeconds {
                sweeper.sweep(now: Date(timeIntervalSince1970: now))
                lastSweep = now
            }
            try await clock.sleep(for: interval)
            let idle = registry.removeIdle(for: idleTimeout)
            for tab in idle {
                logger.info("closing an idle tab", metadata: ["tab": "\(LoggedTabID.shortened(tab.id))"])
            }
            await TabClosing.close(idle, .closed)
            if trims.isDue(closedTabs: registry.takeClosedCount(), at: .now) { FreedMemory.release() }
        }
    }
}
