/// Receives the library's log entries, as in the SDK reference.
public protocol WebimLogger: AnyObject, Sendable {
    /// A new log entry.
    func log(entry: String)
}

/// How much the library tells its `WebimLogger`.
public enum WebimLoggerVerbosityLevel: Int, Sendable, Comparable {
    case verbose
    case debug
    case info
    case warning
    case error

    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// v3: the kinds of log entries.
public enum WebimLogType: Sendable, Equatable, CaseIterable {
    case networkRequest
    case messageHistory
    case manualCall
    case undefined
}

/// v3: shows alerts about standard errors; the library calls it when the session meets a fatal error.
public protocol WebimAlert: AnyObject, Sendable {
    func present(title: String, message: String)
}
