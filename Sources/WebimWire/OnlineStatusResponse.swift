/// The answer to `get-online-status` (PROTOCOL.md §9).
public struct OnlineStatusResponse: Codable, Sendable, Equatable {
    /// Online status (PROTOCOL.md §8.3).
    public var onlineStatus: String?
    public var onlineOperators: Bool?
    public var error: String?

    public init(onlineStatus: String?, onlineOperators: Bool?, error: String? = nil) {
        self.onlineStatus = onlineStatus
        self.onlineOperators = onlineOperators
        self.error = error
    }
}
