import ArgumentParser
import Foundation
import TestSupport

/// Start-up (process spawned → `/healthz` answering, each time in a fresh data folder) and the page's weight.
struct StartupBenchmark: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "startup",
        abstract: "Time from spawning webim-widget to /healthz answering; the page's first-load bytes."
    )

    @Option(help: "How many times to start the server.")
    var runs = 10

    func run() async throws {
        print(try await Self.measure(runs: runs).joined(separator: "\n"))
    }

    static func measure(runs: Int) async throws -> [String] {
        let http = BenchHTTP(maxConnections: 16)
        defer { Task { try? await http.shutdown() } }
        var timings: [Duration] = []
        var pageRows: [String] = []
        for run in 0..<runs {
            try await withTemporaryDirectory { directory in
                let server = try await ServerUnderTest.start(dataDirectory: directory, client: http)
                defer { server.stop() }
                timings.append(server.startup)
                if run == 0 { pageRows = try PageWeight.rows(of: server.widgetURL) }
            }
        }
        let startup = Summary(name: "start-up", timings: timings)
        return [
            "| figure | value |", "|---|---|",
            "| start-up to /healthz, p50 of \(runs) | \(startup.p50Text) |",
            "| start-up to /healthz, max of \(runs) | \(startup.maxText) |",
        ] + pageRows
    }
}

/// The page's first-load weight, as `scripts/page-weight` reports it (one definition of what is counted).
enum PageWeight {
    static func rows(of widgetURL: String) throws -> [String] {
        let script = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
            .appendingPathComponent("scripts/page-weight")
        guard FileManager.default.isExecutableFile(atPath: script.path) else {
            return ["| page first load | – (run from the checkout to weigh it with scripts/page-weight) |"]
        }
        let process = Process()
        process.executableURL = script
        process.arguments = [widgetURL + "/"]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        // The last line: `total   102,147  (99.8 KiB)`.
        guard let total = text.split(separator: "\n").last(where: { $0.hasPrefix("total") }) else {
            throw BenchError("scripts/page-weight printed no total:\n\(text)")
        }
        let figures = total.dropFirst("total".count).trimmingCharacters(in: .whitespaces)
        return ["| page first load (HTML+JS+CSS+strings, uncompressed) | \(figures) |"]
    }
}
