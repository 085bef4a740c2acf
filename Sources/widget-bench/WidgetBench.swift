import ArgumentParser

/// Benchmarks: each subcommand starts the real parts on loopback, measures, and prints figures. Nothing is asserted.
@main
struct WidgetBench: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "widget-bench",
        abstract: "Measures the widget server, the client core and the embedded service on loopback.",
        subcommands: [
            AllBenchmarks.self, ChurnBenchmark.self, ClusterBenchmark.self, DeliveryBenchmark.self,
            FanoutBenchmark.self, FaultsBenchmark.self, HistoryBenchmark.self, RelayCommand.self,
            RelayFloorBenchmark.self, ReturningBenchmark.self, StartupBenchmark.self, StorageBenchmark.self,
        ],
        defaultSubcommand: AllBenchmarks.self
    )
}
