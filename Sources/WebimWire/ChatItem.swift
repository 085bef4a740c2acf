/// A chat (PROTOCOL.md §4.1).
public struct ChatItem: Codable, Sendable, Equatable {
    public var id: Int?
    public var clientSideId: String?
    /// Chat state (PROTOCOL.md §8.1).
    public var state: String?
    /// Messages, oldest first.
    public var messages: [MessageItem]?
    /// The operator; encoded as an explicit null when there is none.
    public var `operator`: OperatorItem?
    public var operatorTyping: Bool?
    public var readByVisitor: Bool?
    public var unreadByVisitorMsgCnt: Int?
    /// Unix seconds.
    public var creationTs: Double?

    public init(
        id: Int? = nil,
        clientSideId: String? = nil,
        state: String? = nil,
        messages: [MessageItem]? = nil,
        operator: OperatorItem? = nil,
        operatorTyping: Bool? = nil,
        readByVisitor: Bool? = nil,
        unreadByVisitorMsgCnt: Int? = nil,
        creationTs: Double? = nil
    ) {
        self.id = id
        self.clientSideId = clientSideId
        self.state = state
        self.messages = messages
        self.operator = `operator`
        self.operatorTyping = operatorTyping
        self.readByVisitor = readByVisitor
        self.unreadByVisitorMsgCnt = unreadByVisitorMsgCnt
        self.creationTs = creationTs
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeIfPresent(id, forKey: .id)
        try container.encodeIfPresent(clientSideId, forKey: .clientSideId)
        try container.encodeIfPresent(state, forKey: .state)
        try container.encodeIfPresent(messages, forKey: .messages)
        try container.encode(`operator`, forKey: .operator)
        try container.encodeIfPresent(operatorTyping, forKey: .operatorTyping)
        try container.encodeIfPresent(readByVisitor, forKey: .readByVisitor)
        try container.encodeIfPresent(unreadByVisitorMsgCnt, forKey: .unreadByVisitorMsgCnt)
        try container.encodeIfPresent(creationTs, forKey: .creationTs)
    }
}
