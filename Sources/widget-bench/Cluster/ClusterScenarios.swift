import Foundation
import Synchronization

/// Tabs in conversation through nginx while the set of widget servers changes: one is killed, all are restarted
/// one at a time, one is added. Everything answered 2xx is reconciled as in `faults`.
enum ClusterScenarios {
    /// One server SIGKILLed mid-conversation: each of its tabs is continued by another server from its credential.
    static func serverKilled(_ setup: ClusterSetup) async throws -> FaultReport {
        try await setup.run("server killed") { stack, tabs, started in
            try await ContinuousClock().sleep(until: started + setup.load.duration / 3)
            var random = SeededRandom(seed: setup.seed)
            let victim = Int.random(in: 0..<stack.servers.count, using: &random)
            let held = await stack.openTabs()[victim]
            let recovery = RecoveryTimes()
            let killed = ContinuousClock.now
            for tab in tabs {
                let before = await tab.liveCount
                await tab.startWatchingLive { count in if count > before { recovery.record(tab.index, since: killed) } }
            }
            stack.servers[victim].server.kill()
            let deadline = ContinuousClock.now + .seconds(60)
            while recovery.count < held, ContinuousClock.now < deadline {
                try await Task.sleep(for: .milliseconds(20))
            }
            return [
                "server \(victim) of \(stack.servers.count) SIGKILLed holding \(held) tabs",
                "\(recovery.count) of them live again on the others: time to live \(recovery.summary)",
            ]
        }
    }

    /// Every server stopped with SIGTERM (its drain) and started again, one at a time.
    static func rollingRestart(_ setup: ClusterSetup) async throws -> FaultReport {
        try await setup.run("rolling restart") { stack, _, started in
            let servers = stack.servers
            let step = setup.load.duration / (servers.count + 1)
            var drains: [Duration] = []
            for (index, widget) in servers.enumerated() {
                try await ContinuousClock().sleep(until: started + step * (index + 1) - .seconds(1))
                let stopping = ContinuousClock.now
                widget.server.stop()
                drains.append(ContinuousClock.now - stopping)
                try await widget.server.start(http: stack.http)
            }
            let longest = drains.max().map { "\(Int($0 / .milliseconds(1))) ms" } ?? "–"
            return ["\(servers.count) servers stopped (SIGTERM) and started one at a time; longest stop \(longest)"]
        }
    }

    /// A server added to nginx mid-conversation: new tabs reach it; of the old ones, only those whose hash now
    /// falls on it move there (consistent hashing), each continued from its credential.
    static func serverAdded(_ setup: ClusterSetup) async throws -> FaultReport {
        try await setup.run("server added") { stack, tabs, started in
            try await ContinuousClock().sleep(until: started + setup.load.duration / 3)
            let added = try await stack.addServer()
            try stack.nginx.reload(upstreams: stack.servers.map(\.upstream))
            // Every old tab sends at least once more before the new ones open: by then each one whose hash moved has
            // been opened on the new server.
            try await ContinuousClock().sleep(until: started + setup.load.duration * 2 / 3)
            let moved = (await stack.openTabs()).last ?? 0
            let newTabs = try await Conversation.openTabs(
                count: max(10, tabs.count / 3),
                http: stack.http,
                baseURL: stack.frontURL
            )
            let reached = ((await stack.openTabs()).last ?? 0) - moved
            for tab in newTabs { await tab.stopReading() }
            let share = Double(reached) / Double(newTabs.count)
            return [
                "server \(stack.servers.count - 1) added at \(added.upstream)",
                "new tabs on it: \(reached) of \(newTabs.count) (\(Int(share * 100)) %)",
                "old tabs that moved to it: \(moved) of \(tabs.count); \(tabs.count - moved) stayed",
            ]
        }
    }
}

/// What every cluster scenario shares: its load, seed, binary and where `deploy/` is.
struct ClusterSetup: Sendable {
    var load: FaultLoad
    var servers: Int
    var seed: UInt64
    var binary: URL
    var resources: URL
    var http: BenchHTTP

    /// Starts the cluster, opens the tabs through nginx, runs the conversation while `inject` runs (from the moment it
    /// started), then lets it finish and reconciles; `inject` returns the scenario's notes.
    func run(
        _ name: String,
        inject: @Sendable (ClusterStack, [FaultTab], ContinuousClock.Instant) async throws -> [String]
    ) async throws -> FaultReport {
        try await ScenarioDirectory.with("cluster-\(name.replacingOccurrences(of: " ", with: "-"))", seed: seed) {
            directory in
            let stack = try ClusterStack(directory: directory, binary: binary, resources: resources, http: http)
            defer { stack.stop() }
            let console = try await stack.start(servers: servers)
            let (figures, notes) = try await Conversation.converse(
                baseURL: stack.frontURL,
                http: http,
                console: console,
                load: load,
                seed: seed
            ) { tabs, started in try await inject(stack, tabs, started) }
            var report = FaultReport(
                scenario: name,
                faults: notes.first ?? "",
                tabs: load.tabs,
                reconciliation: figures,
                notes: Array(notes.dropFirst())
            )
            report.violations = figures.failedSends + figures.lostTabs
            report.notes.append(
                "sends refused or never answered: \(figures.failedSends); tabs that lost their visitor: \(figures.lostTabs)"
            )
            return report
        }
    }
}

/// When each tab was live again after a fault, for the percentiles.
final class RecoveryTimes: Sendable {
    private let times = Mutex<[Int: Duration]>([:])

    func record(_ tab: Int, since fault: ContinuousClock.Instant) {
        let elapsed = ContinuousClock.now - fault
        times.withLock { times in if times[tab] == nil { times[tab] = elapsed } }
    }

    var count: Int { times.withLock { $0.count } }

    /// p50, p99 and the slowest, in milliseconds.
    var summary: String {
        let sorted = times.withLock { $0.values.sorted() }
        guard !sorted.isEmpty else { return "–" }
        func at(_ fraction: Double) -> String {
            let index = min(sorted.count - 1, Int((Double(sorted.count) * fraction).rounded(.up)) - 1)
            return "\(Int(sorted[max(0, index)] / .milliseconds(1))) ms"
        }
        return "p50 \(at(0.5)), p99 \(at(0.99)), max \(at(1))"
    }
}
