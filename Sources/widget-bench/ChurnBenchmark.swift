import ArgumentParser
import Foundation
import NIOHTTP1
import TestSupport

/// Visitors that come and go: each opens a tab, sends a message (which the location's bot answers) and leaves,
/// half by a kiosk reset (`DELETE ?clear=1`), half by closing the tab. Prints the server's resident memory before,
/// and for each round right after it and once the server has been quiet for longer than what it keeps of recent
/// visitors (a minute).
struct ChurnBenchmark: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "churn",
        abstract: "Visitors open a tab, send a message and leave: the server's memory before and after."
    )

    @Option(help: "How many visitors come and go in each round.")
    var visitors = 10_000

    @Option(
        help:
            "How many rounds, each followed by the quiet: a residue that grows round after round is a leak, one that stays is the allocator's high-water mark."
    )
    var rounds = 1

    @Option(help: "How many at once.")
    var concurrency = 32

    @Option(help: "Seconds of quiet before the last reading (longer than the service keeps a quiet visitor: 60 s).")
    var quiet = 75

    func run() async throws {
        let http = BenchHTTP(maxConnections: concurrency * 2 + 16)
        do {
            try await measure(http: http)
        } catch {
            try? await http.shutdown()
            throw error
        }
        try await http.shutdown()
    }

    private func measure(http: BenchHTTP) async throws {
        try await withTemporaryDirectory { directory in
            let server = try await ServerUnderTest.start(dataDirectory: directory, client: http)
            defer { server.stop() }
            // A few visitors first, so that the baseline has the code paths' one-time allocations.
            try await churn(count: 100, server: server, http: http)
            let baseline = (all: server.residentBytes(), anonymous: server.residentBytes(.anonymous))
            print(
                "Resident memory after 100 visitors (the baseline): \(baseline.all >> 20) MiB, of which \(baseline.anonymous >> 20) MiB anonymous (heap and stacks)"
            )
            print("")
            print(
                "| visitors so far | per second | server CPU per visitor | resident right after | tabs open after \(quiet) s quiet | resident after the quiet | anonymous after the quiet |"
            )
            print("|---|---|---|---|---|---|---|")
            for round in 1...max(rounds, 1) {
                let clock = ContinuousClock()
                let started = clock.now
                let cpuBefore = server.cpuTime() ?? .zero
                try await churn(count: visitors, server: server, http: http)
                let elapsed = clock.now - started
                let cpu = (server.cpuTime() ?? .zero) - cpuBefore
                let after = server.residentBytes()
                try await Task.sleep(for: .seconds(quiet))
                // One visitor after the quiet, so that what waits for the next change to be swept is swept, and one
                // pass of the reaper (every 30 s), which hands the freed heap back.
                try await churn(count: 1, server: server, http: http)
                try await Task.sleep(for: .seconds(35))
                let settled = (all: server.residentBytes(), anonymous: server.residentBytes(.anonymous))
                let health = try await http.object(.GET, server.widgetURL + "/healthz") as? [String: Any]
                let openTabs = health?["tabs"] as? Int ?? -1
                let rate = Double(visitors) / max(elapsed / .seconds(1), 0.001)
                let cells = [
                    "\(round * visitors)", "\(Int(rate))", Summary.milliseconds(cpu / visitors), "\(after >> 20) MiB",
                    "\(openTabs)", "\(settled.all >> 20) MiB (\(Self.percent(settled.all, of: baseline.all)))",
                    "\(settled.anonymous >> 20) MiB (\(Self.percent(settled.anonymous, of: baseline.anonymous)))",
                ]
                print("| " + cells.joined(separator: " | ") + " |")
            }
        }
    }

    private static func percent(_ value: Int, of base: Int) -> String {
        guard base > 0 else { return "–" }
        return String(format: "%+.0f %% of the baseline", (Double(value) / Double(base) - 1) * 100)
    }

    private func churn(count: Int, server: ServerUnderTest, http: BenchHTTP) async throws {
        try await withThrowingTaskGroup(of: Void.self) { group in
            for index in 0..<count {
                if index >= concurrency { try await group.next() }
                group.addTask {
                    let answer = try await http.object(
                        .POST,
                        server.widgetURL + "/api/tabs",
                        json: ["location": "default"]
                    )
                    guard let tab = (answer as? [String: Any])?["tabId"] as? String else {
                        throw BenchError("no tabId")
                    }
                    _ = try await http.object(
                        .POST,
                        server.widgetURL + "/api/tabs/\(tab)/messages",
                        json: ["text": "Hello \(index)", "clientId": "churn-visitor-\(index)"]
                    )
                    let reset = index.isMultiple(of: 2) ? "?clear=1" : ""
                    _ = try await http.send(.DELETE, server.widgetURL + "/api/tabs/\(tab)\(reset)")
                }
            }
            try await group.waitForAll()
        }
    }
}
