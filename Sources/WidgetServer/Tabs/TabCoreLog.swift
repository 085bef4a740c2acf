import Foundation
import Synchronization
import WebimClientLibrary

/// The client core's log of one tab (`WebimLogger` entries at the verbosity the page chose), kept for the developer
/// preview to show and download: the newest `capacity` entries, each cut to `entryLimit` characters, so a chatty
/// session cannot grow it without end. Only tabs that ask for it have one, and never a kiosk's.
final class TabCoreLog: WebimLogger {
    let capacity: Int
    let entryLimit: Int
    private let entries = Mutex<[String]>([])

    init(capacity: Int = 2_000, entryLimit: Int = 4_000) {
        self.capacity = capacity
        self.entryLimit = entryLimit
    }

    func log(entry: String) {
        let stamp = Date().formatted(.iso8601.year().month().day().time(includingFractionalSeconds: true))
        let line = "\(stamp) \(Self.redacted(String(entry.prefix(entryLimit))))"
        entries.withLock { entries in
            if entries.count >= capacity { entries.removeFirst(entries.count - capacity + 1) }
            entries.append(line)
        }
    }

    /// The kept entries, oldest first, one per line.
    var text: String { entries.withLock { $0.joined(separator: "\n") } + "\n" }

    /// `entry` without the session's credentials (`page-id`, `auth-token`, `provided_auth_token`) and without who the
    /// visitor is (`visitor`, the service's visitor object with its id, and `visitor-ext`, the fields a site signed
    /// for them): a log is made to be shared, and either id continues the visitor's chats elsewhere.
    static func redacted(_ entry: String) -> String {
        // Each a whole parameter name, at the start of a query or after `&`: `visitor=` is not inside `visitor-ext=`.
        entry.replacing(/(^|[?&\s])(page-id|auth-token|provided_auth_token|visitor|visitor-ext)=[^&\s]+/) { match in
            "\(match.output.1)\(match.output.2)=…"
        }
    }

    /// The verbosity a page names (`verbose` … `error`), or nil for a name that is none.
    static func level(named name: String) -> WebimLoggerVerbosityLevel? {
        switch name {
        case "verbose": .verbose
        case "debug": .debug
        case "info": .info
        case "warning": .warning
        case "error": .error
        default: nil
        }
    }
}
