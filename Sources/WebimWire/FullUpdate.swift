/// The complete visitor state sent on init (PROTOCOL.md §3.2).
public struct FullUpdate: Codable, Sendable, Equatable {
    public var pageId: String
    public var authToken: String
    public var visitSessionId: String
    /// Opaque to the client: persisted and echoed back as the `visitor` init parameter.
    public var visitor: JSONValue
    public var visitorFull: VisitorItem?
    /// Visit session state (PROTOCOL.md §8.2).
    public var state: String?
    /// Online status (PROTOCOL.md §8.3).
    public var onlineStatus: String?
    /// The current chat; nil means no chat.
    public var chat: ChatItem?
    public var departments: [JSONValue]?
    public var historyRevision: Int?
    public var hintsEnabled: Bool?

    public init(
        pageId: String,
        authToken: String,
        visitSessionId: String,
        visitor: JSONValue,
        visitorFull: VisitorItem? = nil,
        state: String? = nil,
        onlineStatus: String? = nil,
        chat: ChatItem? = nil,
        departments: [JSONValue]? = nil,
        historyRevision: Int? = nil,
        hintsEnabled: Bool? = nil
    ) {
        self.pageId = pageId
        self.authToken = authToken
        self.visitSessionId = visitSessionId
        self.visitor = visitor
        self.visitorFull = visitorFull
        self.state = state
        self.onlineStatus = onlineStatus
        self.chat = chat
        self.departments = departments
        self.historyRevision = historyRevision
        self.hintsEnabled = hintsEnabled
    }

    public func encode(to encoder: any Encoder) throws {
        // `chat` is written as an explicit null: the literal example of PROTOCOL.md §3.5 does so.
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(pageId, forKey: .pageId)
        try container.encode(authToken, forKey: .authToken)
        try container.encode(visitSessionId, forKey: .visitSessionId)
        try container.encode(visitor, forKey: .visitor)
        try container.encodeIfPresent(visitorFull, forKey: .visitorFull)
        try container.encodeIfPresent(state, forKey: .state)
        try container.encodeIfPresent(onlineStatus, forKey: .onlineStatus)
        try container.encode(chat, forKey: .chat)
        try container.encodeIfPresent(departments, forKey: .departments)
        try container.encodeIfPresent(historyRevision, forKey: .historyRevision)
        try container.encodeIfPresent(hintsEnabled, forKey: .hintsEnabled)
    }
}

/// The parsed visitor of a fullUpdate (PROTOCOL.md §4.9).
public struct VisitorItem: Codable, Sendable, Equatable {
    public var id: String
    public var fields: [String: String]?

    public init(id: String, fields: [String: String]? = nil) {
        self.id = id
        self.fields = fields
    }
}
