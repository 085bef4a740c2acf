/// The answer to `search-messages` (PROTOCOL.md §9).
public typealias SearchResponse = WireAnswer<SearchPage>

/// The matches.
public struct SearchPage: Codable, Sendable, Equatable {
    public var count: Int
    public var items: [MessageItem]

    public init(count: Int, items: [MessageItem]) {
        self.count = count
        self.items = items
    }
}
