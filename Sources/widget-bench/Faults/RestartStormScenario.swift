import Foundation
import Synchronization
import TestSupport

/// Many open tabs, each with a message in its history, and the widget server SIGKILLed and started again: every
/// tab reconnects at once, as browsers do. Measures, from the new process's start, how long until the server
/// answers again and until each tab's stream is live again with its history intact.
enum RestartStormScenario {
    static func run(
        tabCount: Int,
        embeddedService: Bool,
        seed: UInt64,
        binary: URL,
        http: BenchHTTP
    ) async throws -> FaultReport {
        try await ScenarioDirectory.with("restart-storm", seed: seed) { directory in
            let stack = try FaultStack(
                directory: directory,
                binary: binary,
                http: http,
                embeddedService: embeddedService
            )
            let console = try await stack.start()
            defer { stack.stop() }
            let liveAt = Mutex<[Int: ContinuousClock.Instant]>([:])
            let tabs = try await Conversation.openTabs(count: tabCount, http: http, baseURL: stack.widgetURL)
            try await Conversation.sendFromEveryTab(tabs, number: 0, clientIDPrefix: "storm")
            let conversation = Conversation(tabs: tabs, console: console, seed: seed)
            // Every message is at the service before the restart: what a tab shows afterwards comes from its history.
            _ = try await conversation.reconcile(timeout: .seconds(60))
            for tab in tabs {
                let lives = await tab.liveCount
                await tab.startWatchingLive { count in
                    guard count > lives else { return }
                    liveAt.withLock { times in if times[tab.index] == nil { times[tab.index] = .now } }
                }
            }
            stack.widget.kill()
            let restarted = ContinuousClock.now
            try await stack.widget.start(http: http)
            let serving = ContinuousClock.now - restarted
            let deadline = Duration.seconds(max(120, tabCount / 40))
            let allLive = await eventually(within: deadline, every: .milliseconds(20)) {
                liveAt.withLock { $0.count } == tabCount
            }
            guard allLive else {
                let missing = tabCount - liveAt.withLock { $0.count }
                throw BenchError("\(missing) tabs were not live again within \(deadline)")
            }
            var intact = 0
            for tab in tabs where await tab.ledger.latestSnapshotTexts.contains("v\(tab.index).0") { intact += 1 }
            let timings = liveAt.withLock { $0.values.map { $0 - restarted } }
            let figures = try await conversation.reconcile(timeout: .seconds(30))
            for tab in tabs { await tab.stopReading() }
            var report = FaultReport(
                scenario: "restart storm",
                faults: "1 widget SIGKILL with \(tabCount) tabs open"
                    + (embeddedService ? " (the service in its process, killed with it)" : ""),
                tabs: tabCount,
                reconciliation: figures
            )
            report.reconciliation.lost += tabCount - intact
            let summary = Summary(name: "live again", timings: timings)
            report.notes = [
                "serving again after \(Summary.milliseconds(serving))",
                "every stream live again: p50 \(summary.p50Text), p99 \(summary.p99Text), max \(summary.maxText)",
                "\(intact)/\(tabCount) snapshots with their history",
            ]
            return report
        }
    }
}
