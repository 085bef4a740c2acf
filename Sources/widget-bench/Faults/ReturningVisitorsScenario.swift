import Foundation
import TestSupport

/// Visitors who close the browser and come back later with the tab id and credential their localStorage kept, while
/// the operator goes on writing to some of them: back before the reaper closed their tab (the server still holds it:
/// 200), after it did (the server re-opens it on the data it kept: 201, resumed), or after the widget server was
/// SIGKILLed and started again (the same, in a new process). Each comes back reading from its last event id (a page
/// reloaded) or with no cursor (a new browser tab: a snapshot). Nothing may be lost, doubled or out of order, and
/// every operator message written while a page was away must be in what the returning page shows.
enum ReturningVisitorsScenario {
    /// When a page comes back.
    enum Moment: Int, CaseIterable, Sendable {
        case beforeReaper
        case afterReaper
        case afterRestart
    }

    /// One page's part: when it comes back, how, and whether the operator writes to it while it is away.
    struct Plan: Sendable {
        var moment: Moment
        var withCursor: Bool
        var isWrittenToWhileAway: Bool
    }

    static func run(
        tabCount: Int,
        idleTimeout: Int,
        seed: UInt64,
        binary: URL,
        http: BenchHTTP
    ) async throws -> FaultReport {
        try await ScenarioDirectory.with("returning-visitors", seed: seed) { directory in
            let stack = try FaultStack(
                directory: directory,
                binary: binary,
                http: http,
                widgetArguments: ["--tab-idle-timeout", String(idleTimeout)]
            )
            let console = try await stack.start()
            defer { stack.stop() }
            let tabs = try await Conversation.openTabs(count: tabCount, http: http, baseURL: stack.widgetURL)
            let plans = makePlans(count: tabCount, seed: seed)
            let visits = ReturnVisits(
                tabs: tabs,
                conversation: Conversation(tabs: tabs, console: console, seed: seed),
                plans: plans
            )
            try await visits.converseBeforeLeaving()
            for tab in tabs { await tab.leave() }
            let left = ContinuousClock.now
            try await visits.writeWhileAway("away1", to: Moment.allCases)
            // Well inside the idle timeout: the server still holds these tabs.
            guard ContinuousClock.now - left < .seconds(idleTimeout) / 2 else {
                throw BenchError("the pages took too long to leave to come back before the reaper")
            }
            let url = stack.widgetURL
            try await visits.comeBack(.beforeReaper, expectingOpenTab: true) { _ in url }
            let stillOpen = await visits.count(of: .beforeReaper)
            let reaped = await eventually(within: .seconds(idleTimeout + 15), every: .milliseconds(100)) {
                await openTabs(at: url, http: http) == stillOpen
            }
            guard reaped else { throw BenchError("the reaper did not close the tabs of the pages that left") }
            try await visits.writeWhileAway("away2", to: [.afterReaper, .afterRestart])
            try await visits.comeBack(.afterReaper, expectingOpenTab: false) { _ in url }
            stack.widget.kill()
            try await visits.writeWhileAway("away3", to: [.afterRestart])
            try await stack.widget.start(http: http)
            try await visits.comeBack(.afterRestart, expectingOpenTab: false) { _ in url }
            let counts = Moment.allCases.map { moment in plans.filter { $0.moment == moment }.count }
            let cursors = plans.filter(\.withCursor).count
            return try await visits.finish(
                scenario: "returning visitors",
                faults:
                    "\(tabCount) pages left (no DELETE), back \(counts[0]) before the reaper, \(counts[1]) after it, "
                    + "\(counts[2]) after a widget SIGKILL; \(cursors) from their cursor, "
                    + "\(tabCount - cursors) new browser tabs"
            )
        }
    }

    /// Each page's part, from the seed: the first six cover every moment with and without a cursor, each written to.
    static func makePlans(count: Int, seed: UInt64) -> [Plan] {
        var random = SeededRandom(seed: seed)
        let order = Array(0..<count).shuffled(using: &random)
        var plans = [Plan](
            repeating: Plan(moment: .beforeReaper, withCursor: true, isWrittenToWhileAway: true),
            count: count
        )
        for (position, index) in order.enumerated() {
            plans[index] = Plan(
                moment: Moment.allCases[position % Moment.allCases.count],
                withCursor: (position / Moment.allCases.count).isMultiple(of: 2),
                isWrittenToWhileAway: position < 2 * Moment.allCases.count || Bool.random(using: &random)
            )
        }
        return plans
    }

    /// How many tabs the server holds open, by its `/healthz`.
    static func openTabs(at baseURL: String, http: BenchHTTP) async -> Int? {
        guard let (_, body) = try? await http.get(baseURL + "/healthz") else { return nil }
        return (try? JSONSerialization.jsonObject(with: body) as? [String: Any])?["tabs"] as? Int
    }
}
