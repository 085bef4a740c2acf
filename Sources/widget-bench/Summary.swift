import Foundation

/// Percentiles of a list of timings, printed as one table row.
struct Summary {
    var name: String
    var timings: [Duration]

    var p50: Duration { percentile(0.5) }
    var p99: Duration { percentile(0.99) }
    var max: Duration { timings.max() ?? .zero }
    var p50Text: String { Self.milliseconds(p50) }
    var p99Text: String { Self.milliseconds(p99) }
    var maxText: String { Self.milliseconds(max) }

    private func percentile(_ fraction: Double) -> Duration {
        let sorted = timings.sorted()
        guard !sorted.isEmpty else { return .zero }
        let index = Swift.min(sorted.count - 1, Int((Double(sorted.count - 1) * fraction).rounded()))
        return sorted[index]
    }

    static func milliseconds(_ duration: Duration) -> String {
        let (seconds, attoseconds) = duration.components
        let value = Double(seconds) * 1_000 + Double(attoseconds) / 1e15
        return String(format: "%.2f ms", value)
    }

    /// `name | n | p50 | p90 | p99 | max`.
    var table: String {
        let columns = [
            name, "n=\(timings.count)",
            "p50 \(Self.milliseconds(percentile(0.5)))",
            "p90 \(Self.milliseconds(percentile(0.9)))",
            "p99 \(Self.milliseconds(percentile(0.99)))",
            "max \(Self.milliseconds(timings.max() ?? .zero))",
        ]
        return columns.joined(separator: " | ")
    }
}

/// A progress line on standard error, so that the table on standard output stays clean.
func progress(_ line: String) {
    FileHandle.standardError.write(Data((line + "\n").utf8))
}
