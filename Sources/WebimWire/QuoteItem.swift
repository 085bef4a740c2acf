/// A quoted message inside a message item (PROTOCOL.md §4.6).
public struct QuoteItem: Codable, Sendable, Equatable {
    /// Whether the quoted original is known yet.
    public enum State: String, Codable, Sendable {
        case pending
        case filled
        case notFound = "not-found"
    }

    /// The original message as the quote shows it.
    public struct Message: Codable, Sendable, Equatable {
        /// The original's server id.
        public var id: String?
        public var authorId: Int?
        public var kind: String?
        public var name: String?
        /// For a quoted file: the file parameters as JSON text.
        public var text: String?
        /// Unix **seconds**, an integer (unlike a message's fractional `ts`).
        public var ts: Int64?

        public init(
            id: String? = nil,
            authorId: Int? = nil,
            kind: String? = nil,
            name: String? = nil,
            text: String? = nil,
            ts: Int64? = nil
        ) {
            self.id = id
            self.authorId = authorId
            self.kind = kind
            self.name = name
            self.text = text
            self.ts = ts
        }
    }

    /// Kept as text so that an unknown state does not fail the whole message.
    public var state: String
    public var message: Message?
    /// Translation of the quote (`translation_info`), opaque here.
    public var data: JSONValue?

    public init(state: State, message: Message? = nil, data: JSONValue? = nil) {
        self.state = state.rawValue
        self.message = message
        self.data = data
    }

    /// The state, when this build knows it.
    public var knownState: State? { State(rawValue: state) }
}
