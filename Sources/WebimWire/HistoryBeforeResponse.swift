/// The answer to a history-before request (scroll-back; PROTOCOL.md §6).
public struct HistoryBeforeResponse: Codable, Sendable, Equatable {
    /// One page of older messages.
    public struct Page: Codable, Sendable, Equatable {
        /// False (or no messages) means the start of history is reached.
        public var hasMore: Bool?
        /// Oldest first.
        public var messages: [MessageItem]?

        public init(hasMore: Bool?, messages: [MessageItem]?) {
            self.hasMore = hasMore
            self.messages = messages
        }
    }

    public var result: String?
    public var error: String?
    public var data: Page?

    public init(result: String? = "ok", error: String? = nil, data: Page? = nil) {
        self.result = result
        self.error = error
        self.data = data
    }
}
