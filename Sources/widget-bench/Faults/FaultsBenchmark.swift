import ArgumentParser
import Foundation

/// `widget-bench faults`: the real binaries as child processes, driven only through their public HTTP and SSE
/// contracts while faults are injected; everything answered 2xx is then reconciled against the service's store
/// and the tabs' streams. Prints one table, and exits non-zero on anything lost, doubled or out of order.
struct FaultsBenchmark: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "faults",
        abstract: "Kill, cut and starve the real servers under load; exit non-zero on any loss or duplicate."
    )

    /// The scenarios, by the names `--scenarios` takes.
    enum Scenario: String, CaseIterable, ExpressibleByArgument {
        case serviceKilled = "service-killed"
        case widgetKilled = "widget-killed"
        case streamsCut = "streams-cut"
        case diskTrouble = "disk-trouble"
        case closedTab = "closed-tab"
        case restartStorm = "restart-storm"
        case returningVisitors = "returning-visitors"
    }

    @Option(
        help: "Comma-separated scenarios (default: all): \(Scenario.allCases.map(\.rawValue).joined(separator: ", "))."
    )
    var scenarios = Scenario.allCases.map(\.rawValue).joined(separator: ",")

    @Option(help: "The seed of every random choice (fault moments, pauses, whom the operator answers); printed.")
    var seed = UInt64.random(in: 1...999_999)

    @Flag(help: "The short version scripts/test runs: few tabs, a few faults each, well under two minutes in all.")
    var short = false

    @Option(help: "Tabs in each conversation (default 100, short 8).")
    var tabs: Int?

    @Option(help: "Tabs open in the restart storm (default 1,000, short 100; 10,000 is a run of its own).")
    var stormTabs: Int?

    @Flag(
        help: """
            The restart storm against `serve` with its embedded service in the same process, reached in-process \
            (the default deployment): a widget server with thousands of tabs on `--account` holds two descriptors \
            per tab, and 10,000 of them pass a 20,000-descriptor limit.
            """
    )
    var stormEmbeddedService = false

    func run() async throws {
        let chosen = try scenarios.split(separator: ",").map { name in
            guard let scenario = Scenario(rawValue: String(name)) else {
                throw ValidationError("unknown scenario \(name)")
            }
            return scenario
        }
        let binary = try FaultStack.binary()
        // One connection per open stream: the restart storm's tabs all read at once. Every caller here retries at
        // its own pace, as a page does, so a refused connection is theirs to retry.
        let http = BenchHTTP(maxConnections: max(4_096, (stormTabs ?? 0) + 512), retriesFailedConnections: false)
        progress("faults: seed \(seed)\(short ? ", short run" : "")")
        var reports: [FaultReport] = []
        for scenario in chosen {
            let started = ContinuousClock.now
            progress("faults: \(scenario.rawValue)…")
            do {
                var report = try await run(scenario, binary: binary, http: http)
                report.notes.append("\(Int((ContinuousClock.now - started) / .seconds(1))) s")
                reports.append(report)
            } catch {
                let empty = Conversation.Reconciliation()
                reports.append(
                    FaultReport(
                        scenario: scenario.rawValue,
                        faults: "",
                        tabs: 0,
                        reconciliation: empty,
                        failure: "\(error)"
                    )
                )
            }
        }
        try await http.shutdown()
        print("Seed \(seed)\(short ? " (short run)" : "")\n")
        print(FaultReport.header)
        for report in reports { print(report.row) }
        if !reports.allSatisfy(\.isClean) { throw ExitCode(1) }
    }

    private func run(_ scenario: Scenario, binary: URL, http: BenchHTTP) async throws -> FaultReport {
        let tabCount = tabs ?? (short ? 8 : 100)
        switch scenario {
        case .serviceKilled:
            let load = FaultLoad(tabs: tabCount, faults: short ? 3 : 20, duration: .seconds(short ? 12 : 120))
            return try await KillScenarios.serviceKilled(load: load, seed: seed, binary: binary, http: http)
        case .widgetKilled:
            let load = FaultLoad(tabs: tabCount, faults: short ? 4 : 10, duration: .seconds(short ? 12 : 90))
            return try await KillScenarios.widgetKilled(load: load, seed: seed, binary: binary, http: http)
        case .streamsCut:
            let load = FaultLoad(tabs: tabCount, faults: 0, duration: .seconds(short ? 8 : 60))
            return try await StreamsCutScenario.run(load: load, seed: seed, binary: binary, http: http)
        case .diskTrouble:
            var load = FaultLoad(tabs: tabCount, faults: short ? 2 : 10, duration: .seconds(short ? 8 : 40))
            load.messageInterval = .milliseconds(500)
            return try await DiskTroubleScenario.run(load: load, seed: seed, binary: binary, http: http)
        case .closedTab:
            return try await ClosedTabScenario.run(tabCount: tabCount, seed: seed, binary: binary, http: http)
        case .returningVisitors:
            return try await ReturningVisitorsScenario.run(
                tabCount: tabCount,
                idleTimeout: short ? 4 : 8,
                seed: seed,
                binary: binary,
                http: http
            )
        case .restartStorm:
            let count = stormTabs ?? (short ? 100 : 1_000)
            return try await RestartStormScenario.run(
                tabCount: count,
                embeddedService: stormEmbeddedService,
                seed: seed,
                binary: binary,
                http: http
            )
        }
    }
}
