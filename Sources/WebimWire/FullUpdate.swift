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
    public var departments: [DepartmentItem]?
    /// Present: the client polls history only on `HISTORY_REVISION` changes (PROTOCOL.md §6).
    public var historyRevision: Int?
    public var hintsEnabled: Bool?
    /// The active survey, if any.
    public var survey: SurveyItem?
    /// With `chatStartAfterMessage` and an empty chat: show `helloMessageDescr` as a hello message.
    public var showHelloMessage: Bool?
    public var chatStartAfterMessage: Bool?
    public var helloMessageDescr: String?

    public init(
        pageId: String,
        authToken: String,
        visitSessionId: String,
        visitor: JSONValue,
        visitorFull: VisitorItem? = nil,
        state: String? = nil,
        onlineStatus: String? = nil,
        chat: ChatItem? = nil,
        departments: [DepartmentItem]? = nil,
        historyRevision: Int? = nil,
        hintsEnabled: Bool? = nil,
        survey: SurveyItem? = nil,
        showHelloMessage: Bool? = nil,
        chatStartAfterMessage: Bool? = nil,
        helloMessageDescr: String? = nil
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
        self.survey = survey
        self.showHelloMessage = showHelloMessage
        self.chatStartAfterMessage = chatStartAfterMessage
        self.helloMessageDescr = helloMessageDescr
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
        try container.encodeIfPresent(survey, forKey: .survey)
        try container.encodeIfPresent(showHelloMessage, forKey: .showHelloMessage)
        try container.encodeIfPresent(chatStartAfterMessage, forKey: .chatStartAfterMessage)
        try container.encodeIfPresent(helloMessageDescr, forKey: .helloMessageDescr)
    }
}
