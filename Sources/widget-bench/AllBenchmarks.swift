import ArgumentParser

/// Every figure in one run, the default: fan-out at 100 and 1,000 tabs, delivery, history and start-up, each
/// with its defaults. Ten thousand tabs take minutes more on their own: `fanout --tabs 10000 --burst 1`.
struct AllBenchmarks: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "all",
        abstract: "Every figure with its defaults (fan-out at 100 and 1,000 tabs, delivery, history, start-up)."
    )

    func run() async throws {
        let fanout = try await FanoutBenchmark.measure(tabs: [100, 1_000], samples: 1_000, burst: 5)
        print(section("Fan-out: operator → tab stream", fanout))
        let widget = try await DeliveryBenchmark.throughWidget(count: 1_000)
        let core = try await DeliveryBenchmark.throughCore(count: 1_000)
        print(section("Delivery: visitor message → stored", [widget.table, core.table]))
        print(section("History: 100,000 messages", try await HistoryBenchmark.measure(pageSize: 100)))
        print(section("Start-up and page weight", try await StartupBenchmark.measure(runs: 10)))
    }

    private func section(_ title: String, _ rows: [String]) -> String {
        (["", "## \(title)", ""] + rows).joined(separator: "\n")
    }
}
