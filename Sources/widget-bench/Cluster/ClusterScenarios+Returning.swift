import Foundation
import TestSupport

extension ClusterScenarios {
    /// Pages that leave (no stream, no `DELETE`) and come back to another widget server with their tab id and
    /// credential while the operator writes to some of them: straight to another server while theirs still holds the
    /// tab, straight to another once theirs has reaped it, and through nginx after a server was SIGKILLed (its tabs
    /// land on another, the rest on their own, which re-opens them on the data it kept); then those that came back
    /// elsewhere leave and come back again through nginx, to their first server and its older copy. Checked as the
    /// faults' `returning-visitors`: nothing lost, doubled or out of order, and every message written while away shown.
    static func returningVisitors(_ setup: ClusterSetup, idleTimeout: Int) async throws -> FaultReport {
        try await ScenarioDirectory.with("cluster-returning-visitors", seed: setup.seed) { directory in
            let stack = try ClusterStack(
                directory: directory,
                binary: setup.binary,
                resources: setup.resources,
                http: setup.http,
                widgetArguments: ["--tab-idle-timeout", String(idleTimeout)]
            )
            defer { stack.stop() }
            let console = try await stack.start(servers: setup.servers)
            let tabs = try await Conversation.openTabs(
                count: setup.load.tabs,
                http: setup.http,
                baseURL: stack.frontURL
            )
            let plans = ReturningVisitorsScenario.makePlans(count: tabs.count, seed: setup.seed)
            let visits = ReturnVisits(
                tabs: tabs,
                conversation: Conversation(tabs: tabs, console: console, seed: setup.seed),
                plans: plans
            )
            try await visits.converseBeforeLeaving()
            let servers = stack.servers
            var holders: [Int: Int] = [:]
            for tab in tabs {
                let holder = try await stack.holder(of: await tab.tabID)
                holders[tab.index] = servers.firstIndex { $0.port == holder.port }
            }
            // Straight to the next server after the one that held the tab: it never had it.
            let elsewhere = holders.mapValues { servers[($0 + 1) % servers.count].url }
            for tab in tabs { await tab.leave() }
            let left = ContinuousClock.now
            try await visits.writeWhileAway("away1", to: ReturningVisitorsScenario.Moment.allCases)
            guard ContinuousClock.now - left < .seconds(idleTimeout) / 2 else {
                throw BenchError("the pages took too long to leave to come back before the reaper")
            }
            try await visits.comeBack(.beforeReaper, expectingOpenTab: false) { elsewhere[$0] ?? "" }
            // Only the returned tabs stay open, each on the server it came back to: the others were reaped.
            let stillOpen = await visits.count(of: .beforeReaper)
            let reaped = await eventually(within: .seconds(idleTimeout + 15), every: .milliseconds(100)) {
                await stack.openTabs().reduce(0, +) == stillOpen
            }
            guard reaped else { throw BenchError("the reapers did not close the tabs of the pages that left") }
            try await visits.writeWhileAway("away2", to: [.afterReaper, .afterRestart])
            try await visits.comeBack(.afterReaper, expectingOpenTab: false) { elsewhere[$0] ?? "" }
            var random = SeededRandom(seed: setup.seed)
            let victim = Int.random(in: 0..<servers.count, using: &random)
            let movedByKill = plans.indices.filter { plans[$0].moment == .afterRestart && holders[$0] == victim }.count
            servers[victim].server.kill()
            try await visits.writeWhileAway("away3", to: [.afterRestart])
            let front = stack.frontURL
            try await visits.comeBack(.afterRestart, expectingOpenTab: false) { _ in front }
            // The pages that came back straight to it reconnect once it is up again.
            try await servers[victim].server.start(http: setup.http)
            // Those that came back elsewhere leave again, and come back through nginx: to the server they first had,
            // which re-opens the tab on what it kept from before they went elsewhere (or, while nginx still counts the
            // killed server as failed, to the one that holds the tab now: 200).
            await visits.leave(.beforeReaper, .afterReaper)
            try await visits.writeWhileAway("away4", to: [.beforeReaper, .afterReaper])
            try await visits.comeBack(.beforeReaper, .afterReaper, expectingOpenTab: nil) { _ in front }
            let counts = ReturningVisitorsScenario.Moment.allCases.map { moment in
                plans.filter { $0.moment == moment }.count
            }
            return try await visits.finish(
                scenario: "returning visitors",
                faults: "\(tabs.count) pages left (no DELETE); back at another server: \(counts[0]) while theirs "
                    + "held the tab, \(counts[1]) after it reaped it; \(counts[2]) back through nginx after server "
                    + "\(victim) was SIGKILLed (\(movedByKill) of them its tabs); the first \(counts[0] + counts[1]) "
                    + "back once more, through nginx, to the server they first had"
            )
        }
    }
}
