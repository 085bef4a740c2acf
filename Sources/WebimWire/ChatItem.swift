/// A chat (PROTOCOL.md §4.1).
public struct ChatItem: Codable, Sendable, Equatable {
    /// The chat (thread) id.
    public var id: Int?
    public var clientSideId: String?
    /// Chat state (PROTOCOL.md §8.1).
    public var state: String?
    /// Messages, oldest first.
    public var messages: [MessageItem]?
    /// The operator; encoded as an explicit null when there is none.
    public var `operator`: OperatorItem?
    public var operatorTyping: Bool?
    public var visitorTyping: Bool?
    public var readByVisitor: Bool?
    public var unreadByVisitorMsgCnt: Int?
    /// Unix seconds of the oldest message the visitor has not read.
    public var unreadByVisitorSinceTs: Double?
    /// Unix seconds of the oldest message the operator has not read.
    public var unreadByOperatorSinceTs: Double?
    /// Unix seconds.
    public var creationTs: Double?
    /// Unix seconds.
    public var modificationTs: Double?
    /// Whether the chat was started as an offline message.
    public var offline: Bool?
    /// Ratings by operator id (as text).
    public var operatorIdToRate: [String: RatingItem]?
    /// Resolution survey answers by operator id (as text).
    public var operatorIdToResolutionSurvey: [String: RatingItem]?
    public var category: String?
    public var subcategory: String?
    public var subject: String?
    public var translationOptions: TranslationOptionsItem?

    public init(
        id: Int? = nil,
        clientSideId: String? = nil,
        state: String? = nil,
        messages: [MessageItem]? = nil,
        operator: OperatorItem? = nil,
        operatorTyping: Bool? = nil,
        readByVisitor: Bool? = nil,
        unreadByVisitorMsgCnt: Int? = nil,
        creationTs: Double? = nil,
        visitorTyping: Bool? = nil,
        unreadByVisitorSinceTs: Double? = nil,
        unreadByOperatorSinceTs: Double? = nil,
        modificationTs: Double? = nil,
        offline: Bool? = nil,
        operatorIdToRate: [String: RatingItem]? = nil,
        operatorIdToResolutionSurvey: [String: RatingItem]? = nil,
        category: String? = nil,
        subcategory: String? = nil,
        subject: String? = nil,
        translationOptions: TranslationOptionsItem? = nil
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
        self.visitorTyping = visitorTyping
        self.unreadByVisitorSinceTs = unreadByVisitorSinceTs
        self.unreadByOperatorSinceTs = unreadByOperatorSinceTs
        self.modificationTs = modificationTs
        self.offline = offline
        self.operatorIdToRate = operatorIdToRate
        self.operatorIdToResolutionSurvey = operatorIdToResolutionSurvey
        self.category = category
        self.subcategory = subcategory
        self.subject = subject
        self.translationOptions = translationOptions
    }

    public func encode(to encoder: any Encoder) throws {
        // `operator` is always written, as an explicit null when absent (PROTOCOL.md §3.5 does so).
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeIfPresent(id, forKey: .id)
        try container.encodeIfPresent(clientSideId, forKey: .clientSideId)
        try container.encodeIfPresent(state, forKey: .state)
        try container.encodeIfPresent(messages, forKey: .messages)
        try container.encode(`operator`, forKey: .operator)
        try container.encodeIfPresent(operatorTyping, forKey: .operatorTyping)
        try container.encodeIfPresent(visitorTyping, forKey: .visitorTyping)
        try container.encodeIfPresent(readByVisitor, forKey: .readByVisitor)
        try container.encodeIfPresent(unreadByVisitorMsgCnt, forKey: .unreadByVisitorMsgCnt)
        try container.encodeIfPresent(unreadByVisitorSinceTs, forKey: .unreadByVisitorSinceTs)
        try container.encodeIfPresent(unreadByOperatorSinceTs, forKey: .unreadByOperatorSinceTs)
        try container.encodeIfPresent(creationTs, forKey: .creationTs)
        try container.encodeIfPresent(modificationTs, forKey: .modificationTs)
        try container.encodeIfPresent(offline, forKey: .offline)
        try container.encodeIfPresent(operatorIdToRate, forKey: .operatorIdToRate)
        try container.encodeIfPresent(operatorIdToResolutionSurvey, forKey: .operatorIdToResolutionSurvey)
        try container.encodeIfPresent(category, forKey: .category)
        try container.encodeIfPresent(subcategory, forKey: .subcategory)
        try container.encodeIfPresent(subject, forKey: .subject)
        try container.encodeIfPresent(translationOptions, forKey: .translationOptions)
    }
}
