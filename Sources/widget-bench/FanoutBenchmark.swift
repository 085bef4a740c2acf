import ArgumentParser
import Foundation
import TestSupport

/// Operator → tab stream latency, aggregate throughput, and memory and descriptors per idle tab, for several
/// tab counts, each beside the same figures for a bare SSE broadcaster (the floor).
struct FanoutBenchmark: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fanout",
        abstract: "Operator message → each tab's SSE stream: latency, throughput, memory per tab; and the floor."
    )

    @Option(parsing: .upToNextOption, help: "Tab counts to measure.")
    var tabs: [Int] = [100, 1_000]

    @Option(help: "Latency samples per tab count (one message at a time, tabs in turn).")
    var samples = 1_000

    @Option(help: "Messages per tab for the throughput figure (sent all at once).")
    var burst = 5

    func run() async throws {
        print(try await Self.measure(tabs: tabs, samples: samples, burst: burst).joined(separator: "\n"))
    }

    /// The table's rows, for every tab count.
    static func measure(tabs counts: [Int], samples: Int, burst: Int) async throws -> [String] {
        var rows = ["| figure | tabs | widget | floor | ratio |", "|---|---|---|---|---|"]
        for count in counts {
            let http = BenchHTTP(maxConnections: count * 2 + 256)
            // The floor runs inside this process, which then holds both ends of every stream.
            var floorFigures: FanoutFigures?
            if 2 * count + 512 <= DescriptorLimit.current {
                let floor = FloorTarget(http: http)
                try await floor.start()
                floorFigures = try await FanoutRun(target: floor, http: http).measure(
                    count: count,
                    samples: samples,
                    burst: burst
                )
                floor.stop()
            } else {
                progress(
                    "floor, \(count) tabs: skipped, both ends of \(count) streams exceed \(DescriptorLimit.current) descriptors"
                )
            }
            let widgetFigures = try await withTemporaryDirectory { directory in
                let server = try await ServerUnderTest.start(dataDirectory: directory, client: http)
                defer { server.stop() }
                let baseline = (server.residentBytes(), server.openDescriptors())
                var figures = try await FanoutRun(target: WidgetTarget(server: server, http: http), http: http)
                    .measure(count: count, samples: samples, burst: burst)
                figures.memoryPerTab = (server.residentBytes() - baseline.0) / count
                figures.descriptorsPerTab = Double(server.openDescriptors() - baseline.1) / Double(count)
                return figures
            }
            try await http.shutdown()
            rows += widgetFigures.rows(tabs: count, floor: floorFigures)
        }
        return rows
    }
}

/// The figures of one target at one tab count.
struct FanoutFigures {
    var latency: Summary
    /// The operator's request answered: the chat service's part of the latency (it answers once the message is
    /// stored, and then wakes the tab's long poll).
    var publishAnswered: Summary
    var eventsPerSecond: Double
    /// Server CPU time per message delivered during the throughput burst.
    var cpuPerEvent: Duration?
    /// The widget servers' own share of it, where the service runs apart.
    var widgetCPUPerEvent: Duration? = nil
    /// The widget servers' CPU time per message of the latency samples, sent one at a time: nothing shares a long
    /// poll's answer, a commit or a write with another message, and each one wakes every thread on its path.
    var widgetCPUPerEventOneAtATime: Duration? = nil
    var memoryPerTab: Int?
    var descriptorsPerTab: Double?

    func rows(tabs: Int, floor: FanoutFigures?) -> [String] {
        func ratio(_ mine: Duration, _ theirs: Duration?) -> String {
            guard let theirs, theirs != .zero else { return "–" }
            return String(format: "%.1f×", mine / theirs)
        }
        let floorLatency = floor?.latency
        var rows = [
            "| operator → stream p50 | \(tabs) | \(latency.p50Text) | \(floorLatency?.p50Text ?? "–") | \(ratio(latency.p50, floorLatency?.p50)) |",
            "| operator → stream p99 | \(tabs) | \(latency.p99Text) | \(floorLatency?.p99Text ?? "–") | \(ratio(latency.p99, floorLatency?.p99)) |",
            "| operator → stream max | \(tabs) | \(latency.maxText) | \(floorLatency?.maxText ?? "–") | \(ratio(latency.max, floorLatency?.max)) |",
            "| operator's request answered p50 | \(tabs) | \(publishAnswered.p50Text) | \(floor?.publishAnswered.p50Text ?? "–") | – |",
            "| events/s delivered | \(tabs) | \(Int(eventsPerSecond)) | \(floor.map { String(Int($0.eventsPerSecond)) } ?? "–") | "
                + (floor.map { String(format: "%.2f", eventsPerSecond / max($0.eventsPerSecond, 1)) } ?? "–") + " |",
        ]
        if let cpuPerEvent {
            rows.append("| server CPU per delivered event | \(tabs) | \(Summary.milliseconds(cpuPerEvent)) | – | – |")
        }
        if let memoryPerTab {
            rows.append("| resident memory per idle tab | \(tabs) | \(memoryPerTab / 1024) KiB | – | – |")
        }
        if let descriptorsPerTab {
            rows.append("| descriptors per tab | \(tabs) | \(String(format: "%.1f", descriptorsPerTab)) | – | – |")
        }
        return rows
    }
}

/// One target measured: open the streams, then latency one message at a time, then a burst for throughput.
struct FanoutRun {
    let target: any FanoutTarget
    let http: BenchHTTP

    func measure(count: Int, samples: Int, burst: Int) async throws -> FanoutFigures {
        let fleet = StreamFleet()
        defer { fleet.close() }
        progress("\(target.name), \(count) tabs: preparing")
        let urls = try await target.prepare(count: count)
        progress("\(target.name), \(count) tabs: opening the streams")
        try await fleet.open(urls, http: http)
        progress("\(target.name), \(count) tabs: latency, \(samples) samples")
        let clock = ContinuousClock()
        var timings: [Duration] = []
        var answers: [Duration] = []
        let widgetCPUBeforeSamples = target.widgetCPUTime()
        for sample in 0..<samples {
            let text = "latency-\(sample)"
            let sent = clock.now
            try await target.publish(to: sample % count, text: text)
            answers.append(clock.now - sent)
            timings.append(await fleet.book.arrival(of: text) - sent)
        }
        let widgetCPUAfterSamples = target.widgetCPUTime()
        progress("\(target.name), \(count) tabs: throughput, \(count * burst) messages")
        let start = clock.now
        let cpuBefore = target.serverCPUTime()
        let widgetCPUBefore = target.widgetCPUTime()
        _ = try await concurrently(count * burst, width: 64) { index in
            try await target.publish(to: index % count, text: "burst-\(index)")
        }
        var last = start
        for index in 0..<(count * burst) { last = max(last, await fleet.book.arrival(of: "burst-\(index)")) }
        let cpuAfter = target.serverCPUTime()
        let widgetCPUAfter = target.widgetCPUTime()
        let seconds = (last - start) / .seconds(1)
        func perEvent(_ before: Duration?, _ after: Duration?, events: Int? = nil) -> Duration? {
            before.flatMap { before in after.map { ($0 - before) / max(events ?? count * burst, 1) } }
        }
        return FanoutFigures(
            latency: Summary(name: target.name, timings: timings),
            publishAnswered: Summary(name: target.name, timings: answers),
            eventsPerSecond: Double(count * burst) / seconds,
            cpuPerEvent: perEvent(cpuBefore, cpuAfter),
            widgetCPUPerEvent: perEvent(widgetCPUBefore, widgetCPUAfter),
            widgetCPUPerEventOneAtATime: perEvent(widgetCPUBeforeSamples, widgetCPUAfterSamples, events: samples)
        )
    }
}
