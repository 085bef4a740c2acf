/// The answer to light-mode `auth` (PROTOCOL.md §2.9).
public struct LightModeAuthResponse: Codable, Sendable, Equatable {
    /// Sent back as `Authorization: Bearer …`.
    public var authToken: String?
    /// The visitor, as JSON text.
    public var visitor: String?
    public var error: String?

    public init(authToken: String?, visitor: String?, error: String? = nil) {
        self.authToken = authToken
        self.visitor = visitor
        self.error = error
    }
}
