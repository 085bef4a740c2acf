/// Thrown by session calls made off the session's executor or after `destroy()`.
public enum AccessError: Error, Sendable, Equatable {
    /// The call was made off the executor the session was built on.
    case invalidThread
    /// The session was destroyed.
    case invalidSession
}

/// Thrown (or passed to `onError`) by `SessionBuilder.build()`.
public enum SessionBuilderError: Error, Sendable, Equatable {
    /// No account name was set.
    case nilAccountName
    /// No location was set.
    case nilLocation
    /// Visitor fields and a provided authorization token were both set.
    case invalidAuthentificatorParameters
    /// A remote notification system was set without a device token.
    case invalidRemoteNotificationConfiguration
    /// v3: a device token that is not a hexadecimal string.
    case invalidHex
    /// v3: an error the library does not know.
    case unknown
    /// The local history database could not be opened (Linux addition: iOS has no such failure).
    case invalidHistoryStorage
}
