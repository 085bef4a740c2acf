import ArgumentParser
import Foundation

/// `widget-bench cluster`: the standalone service, several widget servers and nginx, all real processes on
/// loopback, with tabs in conversation through nginx while one server is killed, all are restarted one at a time,
/// and one is added, and pages that leave and come back to another server. Prints one table; exits non-zero on
/// anything lost, doubled, out of order or refused.
struct ClusterBenchmark: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "cluster",
        abstract: "Tabs through nginx while widget servers die, restart and join; exit non-zero on any loss."
    )

    enum Scenario: String, CaseIterable, ExpressibleByArgument {
        case killed = "killed"
        case rolling = "rolling"
        case added = "added"
        case returning = "returning"
    }

    @Option(
        help: "Comma-separated scenarios (default: all): \(Scenario.allCases.map(\.rawValue).joined(separator: ", "))."
    )
    var scenarios = Scenario.allCases.map(\.rawValue).joined(separator: ",")

    @Option(help: "The seed of every random choice (which server dies, pauses, whom the operator answers); printed.")
    var seed = UInt64.random(in: 1...999_999)

    @Flag(help: "The short version scripts/test runs: 30 tabs, well under two minutes in all.")
    var short = false

    @Option(help: "Tabs in conversation (default 300, short 30).")
    var tabs: Int?

    @Option(help: "Widget servers behind nginx.")
    var servers = 3

    @Option(
        help: """
            A bundle made by scripts/bundle (its bin/webim-widget and deploy/nginx.conf); default: the webim-widget \
            built beside this benchmark and the repository's deploy/.
            """
    )
    var bundle: String?

    @Flag(
        help: """
            Instead of the scenarios: operator → stream latency, events/s and CPU per event through nginx against \
            direct to each tab's server (default 1,000 tabs).
            """
    )
    var fanout = false

    @Option(help: "With --fanout: latency samples (one message at a time).")
    var samples = 500

    @Option(help: "With --fanout: messages per tab for the throughput figure (sent all at once).")
    var burst = 5

    func run() async throws {
        let chosen = try scenarios.split(separator: ",").map { name in
            guard let scenario = Scenario(rawValue: String(name)) else {
                throw ValidationError("unknown scenario \(name)")
            }
            return scenario
        }
        guard FileManager.default.isExecutableFile(atPath: "/usr/sbin/nginx") else {
            throw ValidationError("nginx is not installed (apt-get install nginx-light)")
        }
        let (binary, resources) = try locate()
        let http = BenchHTTP(maxConnections: 4_096, retriesFailedConnections: false)
        progress("cluster: seed \(seed), \(servers) servers, binary \(binary.path)")
        let defaultTabs = fanout ? 1_000 : short ? 30 : 300
        let load = FaultLoad(tabs: tabs ?? defaultTabs, faults: 1, duration: .seconds(short ? 15 : 60))
        let setup = ClusterSetup(
            load: load,
            servers: servers,
            seed: seed,
            binary: binary,
            resources: resources,
            http: http
        )
        if fanout {
            let rows = try await ClusterFanout.measure(setup: setup, samples: samples, burst: burst)
            try await http.shutdown()
            print(rows.joined(separator: "\n"))
            return
        }
        var reports: [FaultReport] = []
        for scenario in chosen {
            let started = ContinuousClock.now
            progress("cluster: \(scenario.rawValue)…")
            do {
                var report: FaultReport
                switch scenario {
                case .killed: report = try await ClusterScenarios.serverKilled(setup)
                case .rolling: report = try await ClusterScenarios.rollingRestart(setup)
                case .added: report = try await ClusterScenarios.serverAdded(setup)
                case .returning:
                    report = try await ClusterScenarios.returningVisitors(setup, idleTimeout: short ? 5 : 10)
                }
                report.notes.append("\(Int((ContinuousClock.now - started) / .seconds(1))) s")
                reports.append(report)
            } catch {
                reports.append(
                    FaultReport(
                        scenario: scenario.rawValue,
                        faults: "",
                        tabs: 0,
                        reconciliation: Conversation.Reconciliation(),
                        failure: "\(error)"
                    )
                )
            }
        }
        try await http.shutdown()
        print("Seed \(seed)\(short ? " (short run)" : ""), \(servers) widget servers behind nginx\n")
        print(FaultReport.header)
        for report in reports { print(report.row) }
        if !reports.allSatisfy(\.isClean) { throw ExitCode(1) }
    }

    /// The binary and the folder holding `deploy/`: the bundle's, or the build's and the repository's.
    private func locate() throws -> (URL, URL) {
        if let bundle {
            let root = URL(fileURLWithPath: bundle)
            let binary = root.appendingPathComponent("bin/webim-widget")
            guard FileManager.default.isExecutableFile(atPath: binary.path) else {
                throw ValidationError("\(bundle) has no bin/webim-widget")
            }
            return (binary, root)
        }
        let binary = try FaultStack.binary()
        return (binary, URL(fileURLWithPath: FileManager.default.currentDirectoryPath))
    }
}
