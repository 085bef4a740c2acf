import ArgumentParser
import Foundation
import TestSupport

/// `widget-bench relay-floor`: the fan-out figures of a process that only relays a long poll's answers to a stream
/// (`RelayCommand`), to set beside `cluster --fanout`'s widget server: the part of its CPU per event that its
/// libraries and threads cost before any work of its own.
struct RelayFloorBenchmark: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "relay-floor",
        abstract:
            "A long poll relayed to a stream with nothing else: the floor under the widget server's CPU per event."
    )

    @Option(parsing: .upToNextOption, help: "Tab counts (streams, each with its own long poll) to measure.")
    var tabs: [Int] = [1, 1_000]

    @Option(help: "Latency samples per tab count (one message at a time, tabs in turn).")
    var samples = 500

    @Option(help: "Messages per tab for the throughput figure, all sent at once (default: 3,000 for one tab, else 5).")
    var burst: Int?

    @Option(help: "Messages a second at most in the throughput figure (default: as fast as they come).")
    var rate: Int?

    @Flag(help: "The relay's event loops alone: channel handlers and callbacks, no Hummingbird, no task, no queue.")
    var onEventLoops = false

    func run() async throws {
        let shape =
            onEventLoops
            ? "AsyncHTTPClient long poll → NIO stream, callbacks on one event loop, nothing else"
            : "AsyncHTTPClient long poll → Hummingbird stream, nothing else"
        var rows = ["| relay floor (\(shape)) | tabs | value |", "|---|---|---|"]
        for count in tabs {
            let http = BenchHTTP(maxConnections: count * 2 + 256)
            let figures = try await withTemporaryDirectory { directory in
                let target = RelayFloorTarget(http: http, rate: rate, onEventLoops: onEventLoops)
                try await target.start(directory: directory)
                defer { target.stop() }
                return try await FanoutRun(target: target, http: http).measure(
                    count: count,
                    samples: samples,
                    burst: burst ?? (count == 1 ? 3_000 : 5)
                )
            }
            try await http.shutdown()
            func milliseconds(_ duration: Duration?) -> String {
                duration.map { String(format: "%.3f ms", $0 / .milliseconds(1)) } ?? "–"
            }
            rows += [
                "| publish → stream p50 / p99 | \(count) | \(figures.latency.p50Text) / \(figures.latency.p99Text) |",
                "| events/s delivered | \(count) | \(Int(figures.eventsPerSecond)) |",
                "| the relay's CPU per delivered event, back to back | \(count) | \(milliseconds(figures.widgetCPUPerEvent)) |",
                "| the same, one message at a time | \(count) | \(milliseconds(figures.widgetCPUPerEventOneAtATime)) |",
            ]
        }
        print(rows.joined(separator: "\n"))
    }
}
