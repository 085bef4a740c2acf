/// The answer to a history-before request (scroll-back; PROTOCOL.md §6).
public typealias HistoryBeforeResponse = WireAnswer<HistoryBeforePage>

/// One page of older messages.
public struct HistoryBeforePage: Codable, Sendable, Equatable {
    /// False (or no messages) means the start of history is reached.
    public var hasMore: Bool?
    /// Oldest first.
    public var messages: [MessageItem]?

    public init(hasMore: Bool?, messages: [MessageItem]?) {
        self.hasMore = hasMore
        self.messages = messages
    }
}
