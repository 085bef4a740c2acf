import Logging

/// Where the library's log entries go: swift-log always, and the app's `WebimLogger` at its chosen level.
struct SessionLog: Sendable {
    var logger: (any WebimLogger)?
    var level = WebimLoggerVerbosityLevel.warning
    var types = Set(WebimLogType.allCases)
    private let swiftLog = Logger(label: "webim.session")

    init(logger: (any WebimLogger)? = nil, level: WebimLoggerVerbosityLevel = .warning, types: Set<WebimLogType> = []) {
        self.logger = logger
        self.level = level
        self.types = types.isEmpty ? Set(WebimLogType.allCases) : types
    }

    /// Logs `entry`; it is built only when someone will read it.
    func callAsFunction(
        _ entryLevel: WebimLoggerVerbosityLevel,
        _ type: WebimLogType,
        _ entry: @autoclosure () -> String
    ) {
        let wantsEntry = logger != nil && entryLevel >= level && types.contains(type)
        let swiftLevel = entryLevel.swiftLogLevel
        guard wantsEntry || swiftLog.logLevel <= swiftLevel else { return }
        let text = entry()
        if wantsEntry { logger?.log(entry: "\(entryLevel) [\(type)] \(text)") }
        swiftLog.log(level: swiftLevel, "\(text)", metadata: ["type": "\(type)"])
    }
}

extension WebimLoggerVerbosityLevel {
    fileprivate var swiftLogLevel: Logger.Level {
        switch self {
        case .verbose: .trace
        case .debug: .debug
        case .info: .info
        case .warning: .warning
        case .error: .error
        }
    }
}
