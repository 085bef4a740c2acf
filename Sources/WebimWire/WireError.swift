/// The `error` strings of PROTOCOL.md §2.6 and §5.3 that both sides must spell alike.
public enum WireError {
    public static let reinitRequired = "reinit-required"
    public static let accountBlocked = "account-blocked"
    public static let visitorBanned = "visitor_banned"
    public static let wrongProvidedVisitorHash = "wrong-provided-visitor-hash-value"
    public static let providedVisitorExpired = "provided-visitor-expired"
    public static let wrongInit = "wrong-init"
    public static let unknownMethod = "unknown-method"
    public static let argumentMissing = "argument-missing"
    public static let wrongArgumentValue = "wrong-argument-value"
    public static let messageEmpty = "message_empty"
    public static let internalError = "internal_error"
}
