import Foundation

/// How hard a scenario pushes, and how many faults it injects.
struct FaultLoad: Sendable {
    var tabs: Int
    var faults: Int
    var duration: Duration
    /// About how often each tab sends a message.
    var messageInterval: Duration = .seconds(2)
    /// About how often the operator answers one of the chats.
    var operatorInterval: Duration = .milliseconds(100)

    /// `count` moments within `duration`, in order, none in its first or last tenth, so that load runs before the
    /// first fault and after the last.
    func moments(using random: inout SeededRandom) -> [Duration] {
        let margin = duration / 10
        let span = duration - margin * 2
        return (0..<faults).map { _ in margin + span * Double.random(in: 0..<1, using: &random) }.sorted()
    }
}

/// A scenario's own folder under the system's temporary directory: kept, with the servers' logs, when the
/// scenario found a problem, and deleted when it did not.
enum ScenarioDirectory {
    static func with(
        _ name: String,
        seed: UInt64,
        _ body: (URL) async throws -> FaultReport
    ) async throws -> FaultReport {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("webim-faults-\(name)-\(seed)")
        try? FileManager.default.removeItem(at: url)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        do {
            let report = try await body(url)
            if report.isClean {
                try? FileManager.default.removeItem(at: url)
            } else {
                progress("\(name): kept \(url.path) with the servers' logs")
            }
            return report
        } catch {
            progress("\(name): failed (\(error)); kept \(url.path) with the servers' logs")
            throw error
        }
    }
}
