import ArgumentParser
import Foundation
import NIOHTTP1
import TestSupport

/// What a visitor's return costs the widget server. Each visitor first opens a tab, sends a message and closes the
/// browser; then comes back with its tab id and credential and no cursor (a new browser tab, the costlier return),
/// one kind of return per server: while its tab is still open there (`open`: 200), after the reaper closed it
/// (`reaped`: the server re-opens the session on the data it kept), or at a server of the deployment that never
/// had it (`adopted`: it continues the visitor from the credential). Prints the server's CPU per return, the time
/// to the first snapshot and to the conversation shown, and the resident memory per returned tab.
struct ReturningBenchmark: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "returning",
        abstract: "Visitors come back to their tab: server CPU, time to snapshot and memory per return."
    )

    /// The kinds of return, by the names `--kinds` takes.
    enum Kind: String, CaseIterable, ExpressibleByArgument {
        case open
        case reaped
        case adopted
    }

    @Option(help: "Returns of each kind.")
    var returns = 200

    @Option(help: "Returns under way at once (each page's stream stays open once it is back).")
    var concurrency = 1

    @Option(help: "Comma-separated kinds (default: all): open, reaped, adopted.")
    var kinds = Kind.allCases.map(\.rawValue).joined(separator: ",")

    func run() async throws {
        let chosen = try kinds.split(separator: ",").map { name in
            guard let kind = Kind(rawValue: String(name)) else { throw ValidationError("unknown kind \(name)") }
            return kind
        }
        let http = BenchHTTP(maxConnections: returns * 2 + 64, retriesFailedConnections: false)
        var rows: [String] = []
        do {
            for kind in chosen {
                progress("returning: \(kind.rawValue)…")
                rows.append(try await withTemporaryDirectory { try await measure(kind, directory: $0, http: http) })
            }
        } catch {
            try? await http.shutdown()
            throw error
        }
        try await http.shutdown()
        print(
            """
            | return | answered | server CPU per return | first snapshot p50 / p99 | conversation shown p50 / p99 \
            | resident per returned tab | service CPU per return |
            |---|---|---|---|---|---|---|
            """
        )
        print(rows.joined(separator: "\n"))
    }

    /// Starts the servers for `kind`, makes the first visits, then measures the returns.
    private func measure(_ kind: Kind, directory: URL, http: BenchHTTP) async throws -> String {
        let keyFile = directory.appendingPathComponent("cluster.key")
        let key = Data((0..<32).map { _ in UInt8.random(in: .min ... .max) })
        guard
            FileManager.default.createFile(atPath: keyFile.path, contents: key, attributes: [.posixPermissions: 0o600])
        else { throw BenchError("could not write \(keyFile.path)") }
        // The tabs of the first visit close a second after their page left, except where the return finds them open.
        let first = try await ServerUnderTest.start(
            dataDirectory: directory.appendingPathComponent("first"),
            client: http,
            extraArguments: ["--cluster-key-file", keyFile.path]
                + (kind == .open ? [] : ["--tab-idle-timeout", "1"])
        )
        defer { first.stop() }
        let visitors = try await firstVisits(baseURL: first.widgetURL, http: http)
        if kind != .open {
            let closed = await eventually(within: .seconds(60), every: .milliseconds(100)) {
                let health = try? await http.object(.GET, first.widgetURL + "/healthz") as? [String: Any]
                return health?["tabs"] as? Int == 0
            }
            guard closed else { throw BenchError("the reaper did not close the first visits' tabs") }
        }
        guard kind == .adopted else {
            // A reaper pass or two after the last close, so that its heap trim is behind the baseline.
            try await Task.sleep(for: .seconds(2))
            let cells = try await returnAll(visitors, kind: kind, to: first.widgetURL, pid: first.pid, http: http)
            return "| " + (cells + ["in the server's process (embedded)"]).joined(separator: " | ") + " |"
        }
        let port = try FreePort.make()
        let other = ChildServer(
            name: "adopting",
            binary: try FaultStack.binary(),
            arguments: [
                "serve", "--account", first.serviceURL, "--cluster-key-file", keyFile.path, "--port", String(port),
                "--data-dir", directory.appendingPathComponent("other").path, "--log-level", "error",
                "--no-rate-limits", "--max-tabs", "1000000", "--max-connections-per-client", "0",
                "--streams-per-tab", "1",
            ],
            readyURL: "http://127.0.0.1:\(port)/healthz",
            logDirectory: directory
        )
        try await other.start(http: http)
        defer { other.stop() }
        guard let pid = other.pid else { throw BenchError("the adopting server exited") }
        try await Task.sleep(for: .seconds(2))
        let serviceCPU = first.cpuTime() ?? .zero
        let cells = try await returnAll(visitors, kind: kind, to: "http://127.0.0.1:\(port)", pid: pid, http: http)
        let service = ((first.cpuTime() ?? .zero) - serviceCPU) / max(1, visitors.count)
        let note = "\(Summary.milliseconds(service)) in the first server's process (its embedded service, over HTTP)"
        return "| " + (cells + [note]).joined(separator: " | ") + " |"
    }

    /// `returns` first visits, 16 at a time.
    private func firstVisits(baseURL: String, http: BenchHTTP) async throws -> [ReturnVisitor] {
        try await withThrowingTaskGroup(of: ReturnVisitor.self) { group in
            var visitors: [ReturnVisitor] = []
            for index in 0..<returns {
                if index >= 16, let visitor = try await group.next() { visitors.append(visitor) }
                group.addTask { try await ReturnVisitor.firstVisit(index: index, baseURL: baseURL, http: http) }
            }
            for try await visitor in group { visitors.append(visitor) }
            return visitors
        }
    }

    /// Every visitor comes back to `baseURL`, `concurrency` at a time; the streams stay open until all are back and
    /// the server's CPU (from /proc, a second after the last) and resident memory are read. The row's cells.
    private func returnAll(
        _ visitors: [ReturnVisitor],
        kind: Kind,
        to baseURL: String,
        pid: Int32,
        http: BenchHTTP
    ) async throws -> [String] {
        let (reports, reporter) = AsyncStream.makeStream(of: ReturnVisitor.Sample.self)
        let cpuBefore = ProcessCPU.time(of: pid) ?? .zero
        let residentBefore = ServerUnderTest.residentBytes(of: pid)
        let (samples, cpu, resident) = await withTaskGroup(of: Void.self) { group in
            var samples: [ReturnVisitor.Sample] = []
            var iterator = reports.makeAsyncIterator()
            for (index, visitor) in visitors.enumerated() {
                if index >= concurrency, let sample = await iterator.next() { samples.append(sample) }
                group.addTask { await visitor.comeBack(to: baseURL, http: http) { reporter.yield($0) } }
            }
            while samples.count < visitors.count, let sample = await iterator.next() { samples.append(sample) }
            try? await Task.sleep(for: .seconds(1))
            let cpu = (ProcessCPU.time(of: pid) ?? .zero) - cpuBefore
            let resident = ServerUnderTest.residentBytes(of: pid) - residentBefore
            group.cancelAll()
            return (samples, cpu, resident)
        }
        let answers = Dictionary(
            samples.map { sample in
                (
                    sample.status == 0
                        ? "failed" : "\(sample.status)\(sample.status == 201 && sample.resumed ? " resumed" : "")", 1
                )
            },
            uniquingKeysWith: +
        )
        let snapshot = Summary(name: "snapshot", timings: samples.compactMap(\.snapshot))
        let shown = Summary(name: "shown", timings: samples.compactMap(\.shown))
        return [
            kind.rawValue, answers.sorted { $0.key < $1.key }.map { "\($0.key) ×\($0.value)" }.joined(separator: ", "),
            Summary.milliseconds(cpu / max(1, visitors.count)), "\(snapshot.p50Text) / \(snapshot.p99Text)",
            "\(shown.p50Text) / \(shown.p99Text) (\(shown.timings.count) shown)",
            "\(resident / max(1, visitors.count) / 1024) KiB",
        ]
    }
}
