/// The answer to a history-since request (PROTOCOL.md §6).
public typealias HistorySinceResponse = WireAnswer<HistorySincePage>

/// One page of changes.
public struct HistorySincePage: Codable, Sendable, Equatable {
    /// A **string** on the wire (iOS reads nothing else); compare as opaque text.
    public var revision: String?
    public var hasMore: Bool?
    /// Changed messages, oldest first; `deleted: true` items delete by `id`.
    public var messages: [MessageItem]?

    enum CodingKeys: String, CodingKey { case revision, hasMore, messages }

    public init(revision: String?, hasMore: Bool?, messages: [MessageItem]?) {
        self.revision = revision
        self.hasMore = hasMore
        self.messages = messages
    }

    public init(from decoder: any Decoder) throws {
        // Tolerate a numeric revision from other servers; always write it back as a string.
        let container = try decoder.container(keyedBy: CodingKeys.self)
        revision =
            container.contains(.revision) && (try? container.decodeNil(forKey: .revision)) == false
            ? String(try container.decodeFlexibleInteger(forKey: .revision)) : nil
        hasMore = try container.decodeIfPresent(Bool.self, forKey: .hasMore)
        messages = try container.decodeIfPresent([MessageItem].self, forKey: .messages)
    }
}
