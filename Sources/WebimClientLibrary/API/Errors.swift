/// Thrown by session calls made off the session's executor or after `destroy()`.
public enum AccessError: Error, Sendable, Equatable {
    case invalidThread
    case invalidSession
}

/// Thrown by `SessionBuilder.build()`.
public enum SessionBuilderError: Error, Sendable, Equatable {
    case nilAccountName
    case nilLocation
    case invalidAuthentificatorParameters
    case invalidRemoteNotificationConfiguration
    /// The local history database could not be opened (Linux addition: iOS has no such failure).
    case invalidHistoryStorage
}

/// Errors after which the session is destroyed (PROTOCOL.md §2.6).
public enum FatalErrorType: Sendable, Equatable {
    case accountBlocked
    case noChat
    case providedVisitorFieldsExpired
    case unknown
    case visitorBanned
    case wrongProvidedVisitorHash
    case initializationFailed
}

/// A fatal error.
public protocol WebimError: Sendable {
    func getErrorType() -> FatalErrorType
    func getErrorString() -> String
}

/// Receives fatal errors.
public protocol FatalErrorHandler: AnyObject, Sendable {
    func on(error: any WebimError)
}

/// Errors the session recovers from by itself (PROTOCOL.md §1.5).
public enum NotFatalErrorType: Sendable, Equatable {
    case noNetworkConnection
    case serverIsNotAvailable
}

/// A non-fatal error.
public protocol WebimNotFatalError: Sendable {
    func getErrorType() -> NotFatalErrorType
    func getErrorString() -> String
}

/// Receives non-fatal errors.
public protocol NotFatalErrorHandler: AnyObject, Sendable {
    func on(error: any WebimNotFatalError)
}
