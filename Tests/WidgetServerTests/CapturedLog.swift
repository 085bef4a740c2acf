import Logging
import Synchronization

/// A logger whose records a test reads back, each as one line of text: its level, message and metadata.
final class CapturedLog: Sendable {
    private let records = Mutex<[String]>([])

    /// A logger writing here, at every level from `level` up.
    func logger(level: Logger.Level = .debug) -> Logger {
        var logger = Logger(label: "captured") { _ in Handler(log: self) }
        logger.logLevel = level
        return logger
    }

    /// Every record so far, oldest first.
    var lines: [String] { records.withLock { $0 } }

    fileprivate func record(_ line: String) { records.withLock { $0.append(line) } }

    /// Hands each record to the log as text.
    private struct Handler: LogHandler {
        let log: CapturedLog
        var logLevel: Logger.Level = .trace
        var metadata: Logger.Metadata = [:]

        subscript(metadataKey key: String) -> Logger.Metadata.Value? {
            get { metadata[key] }
            set { metadata[key] = newValue }
        }

        func log(event: LogEvent) {
            let merged = metadata.merging(event.metadata ?? [:]) { _, given in given }
            let fields = merged.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
            log.record(([event.level.rawValue, event.message.description] + fields).joined(separator: " "))
        }
    }
}
