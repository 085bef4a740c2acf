import ArgumentParser

/// Every figure in one run, the default: each other subcommand with its own defaults (fan-out at 100 and 1,000
/// tabs, delivery, history, start-up). Ten thousand tabs take minutes more on their own:
/// `fanout --tabs 10000 --burst 1`.
struct AllBenchmarks: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "all",
        abstract: "Every figure with its defaults (fan-out at 100 and 1,000 tabs, delivery, history, start-up)."
    )

    func run() async throws {
        print("\n## Fan-out: operator → tab stream\n")
        try await FanoutBenchmark.parse([]).run()
        print("\n## Delivery: visitor message → stored\n")
        try await DeliveryBenchmark.parse([]).run()
        print("\n## History: 100,000 messages\n")
        try await HistoryBenchmark.parse([]).run()
        print("\n## Start-up and page weight\n")
        try await StartupBenchmark.parse([]).run()
    }
}
