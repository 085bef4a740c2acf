import Foundation

/// `webim-widget serve` as a child process on free loopback ports, so that its memory and descriptors are its own.
final class ServerUnderTest: @unchecked Sendable {
    // @unchecked: `process` and `pipe` are set once in `start` and only read afterwards.
    let widgetURL: String
    let serviceURL: String
    /// The operator console's token, from the file the server named (it prints the token only to a terminal).
    let consoleToken: String
    /// From spawning the process to `/healthz` answering 200.
    let startup: Duration
    private let process: Process

    var pid: Int32 { process.processIdentifier }

    private init(process: Process, widgetURL: String, console: (url: String, token: String), startup: Duration) {
        self.process = process
        self.widgetURL = widgetURL
        self.serviceURL = console.url
        self.consoleToken = console.token
        self.startup = startup
    }

    /// Starts the server found beside this benchmark's executable, in `dataDirectory`, with `extraArguments` added to
    /// its options.
    static func start(
        dataDirectory: URL,
        client: BenchHTTP,
        extraArguments: [String] = []
    ) async throws -> ServerUnderTest {
        let binary = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
            .deletingLastPathComponent().appendingPathComponent("webim-widget")
        guard FileManager.default.isExecutableFile(atPath: binary.path) else {
            throw BenchError("webim-widget is not built beside widget-bench (\(binary.path)); build both products")
        }
        let process = Process()
        process.executableURL = binary
        process.arguments =
            [
                "serve", "--host", "127.0.0.1", "--port", "0", "--service-port", "0", "--data-dir", dataDirectory.path,
                "--log-level", "error", "--no-rate-limits", "--max-tabs", "1000000",
                // Thousands of streams from loopback, one per tab: no cap on one client's connections, and room in the
                // descriptor budget for a stream per tab only.
                "--max-connections-per-client", "0", "--streams-per-tab", "1",
            ] + extraArguments
        let output = Pipe()
        process.standardOutput = output
        let clock = ContinuousClock()
        let spawned = clock.now
        try process.run()
        let (widget, service) = try await Self.readURLs(from: output.fileHandleForReading)
        while (try? await client.get(widget + "/healthz"))?.status != 200 {
            try await Task.sleep(for: .milliseconds(2))
        }
        return ServerUnderTest(process: process, widgetURL: widget, console: service, startup: clock.now - spawned)
    }

    /// Reads `Webim widget: URL`, `Operator console: URL/operator` and `Console token file: PATH` from the server's
    /// output (a blocking read, off the cooperative pool), and the token from that file: the output is a pipe, so the
    /// server keeps the token out of it.
    private static func readURLs(
        from handle: FileHandle
    ) async throws -> (widget: String, service: (url: String, token: String)) {
        try await withCheckedThrowingContinuation { continuation in
            Thread.detachNewThread {
                var text = ""
                var widget: String?
                var service: String?
                var tokenFile: String?
                while widget == nil || service == nil || tokenFile == nil {
                    let chunk = handle.availableData
                    guard !chunk.isEmpty else {
                        continuation.resume(throwing: BenchError("the server exited before printing its URLs"))
                        return
                    }
                    text += String(decoding: chunk, as: UTF8.self)
                    for line in text.split(separator: "\n") {
                        let value = line.split(separator: " ").last.map(String.init) ?? ""
                        if line.hasPrefix("Webim widget:") { widget = String(value.dropLast()) }
                        if line.hasPrefix("Operator console:"), value.hasSuffix("/operator") {
                            service = String(value.dropLast("/operator".count))
                        }
                        if line.hasPrefix("Console token file:") {
                            tokenFile = line.dropFirst("Console token file:".count).trimmingCharacters(in: .whitespaces)
                        }
                    }
                }
                let token = tokenFile.flatMap { try? String(contentsOfFile: $0, encoding: .utf8) }
                guard let widget, let service, let token else {
                    continuation.resume(throwing: BenchError("the server named no readable console token file"))
                    return
                }
                let trimmed = token.trimmingCharacters(in: .whitespacesAndNewlines)
                continuation.resume(returning: (widget, (service, trimmed)))
                // Keep draining, so that a chatty server never blocks on a full pipe.
                while !handle.availableData.isEmpty {}
            }
        }
    }

    /// Resident memory, from `/proc/<pid>/status`.
    func residentBytes(_ part: ResidentPart = .all) -> Int { Self.residentBytes(of: pid, part) }

    /// Resident memory of any process by id (a server started otherwise), from `/proc/<pid>/status`.
    static func residentBytes(of pid: Int32, _ part: ResidentPart = .all) -> Int {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
            let line = status.split(separator: "\n").first(where: { $0.hasPrefix(part.rawValue + ":") }),
            let kilobytes = line.split(separator: " ").dropFirst().first.flatMap({ Int($0) })
        else { return 0 }
        return kilobytes * 1024
    }

    /// Which resident pages to count, by their field in `/proc/<pid>/status` (proc(5)).
    enum ResidentPart: String {
        case all = "VmRSS"
        /// The heap, stacks and other private memory: without the program's and libraries' pages, which the
        /// kernel reads from their files when code first runs, and may drop again.
        case anonymous = "RssAnon"
    }

    /// CPU time the server has used (user and system), from `/proc/<pid>/stat`.
    func cpuTime() -> Duration? { ProcessCPU.time(of: pid) }

    /// Open file descriptors, from `/proc/<pid>/fd`.
    func openDescriptors() -> Int {
        (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/fd").count) ?? 0
    }

    /// Ends the server by its own pid and waits for it.
    func stop() {
        guard process.isRunning else { return }
        process.terminate()
        process.waitUntilExit()
    }
}

/// A benchmark that could not run, and why.
struct BenchError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

/// This process's soft limit on open descriptors.
enum DescriptorLimit {
    static var current: Int {
        var limit = rlimit()
        guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0 else { return 1024 }
        return Int(limit.rlim_cur)
    }
}
