import Foundation
import Synchronization

/// One `webim-widget` subcommand as a child process on a fixed loopback port, so that it can be killed and started
/// again where its clients look for it. Its output goes to a log file in the run's folder.
final class ChildServer: Sendable {
    /// `service` or `serve`, for the log's name and messages.
    let name: String
    /// The subcommand and its options; `--port` is among them.
    let arguments: [String]
    /// Answers (with any status) once the server is up.
    let readyURL: String
    private let logDirectory: URL
    private let binary: URL
    private let running = Mutex<Process?>(nil)
    private let starts = Atomic<Int>(0)

    init(name: String, binary: URL, arguments: [String], readyURL: String, logDirectory: URL) {
        self.name = name
        self.binary = binary
        self.arguments = arguments
        self.readyURL = readyURL
        self.logDirectory = logDirectory
    }

    /// Starts the process (with `extraArguments` this time only) and returns once `readyURL` answers.
    func start(extraArguments: [String] = [], http: BenchHTTP) async throws {
        let process = Process()
        process.executableURL = binary
        process.arguments = arguments + extraArguments
        let index = starts.add(1, ordering: .relaxed).newValue
        let log = logDirectory.appendingPathComponent("\(name)-\(index).log")
        _ = FileManager.default.createFile(atPath: log.path, contents: nil)
        let handle = try FileHandle(forWritingTo: log)
        process.standardOutput = handle
        process.standardError = handle
        try process.run()
        running.withLock { $0 = process }
        let deadline = ContinuousClock.now + .seconds(60)
        while (try? await http.get(readyURL)) == nil {
            guard process.isRunning else { throw BenchError("\(name) exited while starting; see \(log.path)") }
            guard ContinuousClock.now < deadline else { throw BenchError("\(name) did not start; see \(log.path)") }
            // The harness's own retry cadence, as a client's: nothing here is measured.
            try await Task.sleep(for: .milliseconds(10))
        }
    }

    /// Whether the process has ended (killed, or crashed at its crash point).
    var hasExited: Bool { running.withLock { $0.map { !$0.isRunning } ?? true } }

    /// The process id, while it runs.
    var pid: Int32? { running.withLock { process in process.flatMap { $0.isRunning ? $0.processIdentifier : nil } } }

    /// SIGKILL, as a crash or a power cut does to the process, and waits for it to be gone.
    func kill() {
        guard let process = running.withLock({ $0 }) else { return }
        if process.isRunning { Foundation.kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
    }

    /// SIGTERM, for a graceful stop at the end of a run.
    func stop() {
        guard let process = running.withLock({ $0 }), process.isRunning else { return }
        process.terminate()
        process.waitUntilExit()
    }
}
