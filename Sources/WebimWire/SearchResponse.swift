/// The answer to `search-messages` (PROTOCOL.md §9).
public struct SearchResponse: Codable, Sendable, Equatable {
    /// The matches.
    public struct Page: Codable, Sendable, Equatable {
        public var count: Int
        public var items: [MessageItem]

        public init(count: Int, items: [MessageItem]) {
            self.count = count
            self.items = items
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
