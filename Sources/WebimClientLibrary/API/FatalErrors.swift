/// Errors after which the session is destroyed (PROTOCOL.md §2.6).
public enum FatalErrorType: Sendable, Equatable {
    /// The account is disabled.
    case accountBlocked
    /// An action needed a chat and there was none.
    case noChat
    /// The provided visitor fields have expired.
    case providedVisitorFieldsExpired
    /// An error the library does not know.
    case unknown
    /// The operator banned the visitor.
    case visitorBanned
    /// The provided visitor fields carry a wrong signature.
    case wrongProvidedVisitorHash
    /// The service's init answer was unusable (`wrong-init`; iOS 4.0 `initializationFailed`).
    case initializationFailed
}

/// A fatal error.
public protocol WebimError: Sendable {
    /// The parsed error type.
    func getErrorType() -> FatalErrorType
    /// The error string the service sent.
    func getErrorString() -> String
}

/// Receives fatal errors, on the session's executor.
public protocol FatalErrorHandler: AnyObject, Sendable {
    /// Called once; the session is destroyed right after.
    func on(error: any WebimError)
}

/// Errors the session recovers from by itself (PROTOCOL.md §1.5).
public enum NotFatalErrorType: Sendable, Equatable {
    /// No answer from the service at all.
    case noNetworkConnection
    /// The service answered with a status the protocol does not parse, five times in a row.
    case serverIsNotAvailable
}

/// A non-fatal error.
public protocol WebimNotFatalError: Sendable {
    /// The parsed error type.
    func getErrorType() -> NotFatalErrorType
    /// A description of the failure.
    func getErrorString() -> String
}

/// Receives non-fatal errors, on the session's executor.
public protocol NotFatalErrorHandler: AnyObject, Sendable {
    /// A network problem; the session keeps retrying.
    func on(error: any WebimNotFatalError)
    /// v3: the connection to the service was lost (`false`) or is back (`true`).
    func connectionStateChanged(connected: Bool)
}

extension NotFatalErrorHandler {
    /// Optional, as in the SDK.
    public func connectionStateChanged(connected: Bool) {}
}
