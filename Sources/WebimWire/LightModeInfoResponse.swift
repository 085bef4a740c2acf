/// The answer to light-mode `info`: the unread counter (PROTOCOL.md §2.9).
public struct LightModeInfoResponse: Codable, Sendable, Equatable {
    public var unreadMessagesCount: Int?
    /// Unix seconds of the last history change.
    public var historyLastChangeTs: Double?
    public var error: String?

    public init(unreadMessagesCount: Int?, historyLastChangeTs: Double?, error: String? = nil) {
        self.unreadMessagesCount = unreadMessagesCount
        self.historyLastChangeTs = historyLastChangeTs
        self.error = error
    }
}
