/// A message (PROTOCOL.md §4.2).
public struct MessageItem: Codable, Sendable, Equatable {
    /// Message kinds (PROTOCOL.md §4.3).
    public enum Kind: String, Codable, Sendable {
        case visitor
        case `operator`
        case info
        case operatorBusy = "operator_busy"
        case fileFromVisitor = "file_visitor"
        case fileFromOperator = "file_operator"
        case keyboard
        case keyboardResponse = "keyboard_response"
        case stickerVisitor = "sticker_visitor"
        case actionRequest = "action_request"
        case contactsRequest = "cont_req"
        case contacts
        case forOperator = "for_operator"
    }

    /// The server-side id; required.
    public var id: String
    /// The sender's id; echoes the action's `client-side-id` for visitor messages.
    public var clientSideId: String?
    public var chatId: String?
    /// Kept as text: a kind this build does not know makes the client drop the message, not fail.
    public var kind: String
    public var text: String
    public var name: String
    /// Unix seconds.
    public var ts: Double?
    /// Unix microseconds; preferred over `ts`.
    public var tsMicros: Int64?
    public var authorId: Int?
    public var avatar: String?
    public var data: JSONValue?
    public var read: Bool?
    public var canBeEdited: Bool?
    public var canBeReplied: Bool?
    public var edited: Bool?
    /// Set on history-since items that delete the message with this `id`.
    public var deleted: Bool?
    public var quote: QuoteItem?
    /// The visitor's reaction, `like` or `dislike`.
    public var reaction: String?
    public var canVisitorReact: Bool?
    public var canVisitorChangeReaction: Bool?

    enum CodingKeys: String, CodingKey {
        case id, clientSideId, chatId, kind, text, name, ts, authorId, avatar, data, read
        case canBeEdited, canBeReplied, edited, deleted, quote, reaction, canVisitorReact, canVisitorChangeReaction
        case tsMicros = "ts_m"
    }

    public init(
        id: String,
        clientSideId: String? = nil,
        chatId: String? = nil,
        kind: Kind,
        text: String,
        name: String,
        tsMicros: Int64,
        authorId: Int? = nil,
        avatar: String? = nil,
        data: JSONValue? = nil,
        read: Bool? = nil,
        canBeEdited: Bool? = nil,
        canBeReplied: Bool? = nil,
        edited: Bool? = nil,
        deleted: Bool? = nil,
        quote: QuoteItem? = nil,
        reaction: String? = nil,
        canVisitorReact: Bool? = nil,
        canVisitorChangeReaction: Bool? = nil
    ) {
        self.id = id
        self.clientSideId = clientSideId
        self.chatId = chatId
        self.kind = kind.rawValue
        self.text = text
        self.name = name
        self.ts = Double(tsMicros) / 1_000_000
        self.tsMicros = tsMicros
        self.authorId = authorId
        self.avatar = avatar
        self.data = data
        self.read = read
        self.canBeEdited = canBeEdited
        self.canBeReplied = canBeReplied
        self.edited = edited
        self.deleted = deleted
        self.quote = quote
        self.reaction = reaction
        self.canVisitorReact = canVisitorReact
        self.canVisitorChangeReaction = canVisitorChangeReaction
    }

    /// The kind, when this build knows it.
    public var knownKind: Kind? { Kind(rawValue: kind) }

    /// The message time in microseconds, from `ts_m` or else `ts`.
    public var timeMicros: Int64? {
        tsMicros ?? ts.map { Int64(($0 * 1_000_000).rounded()) }
    }
}
