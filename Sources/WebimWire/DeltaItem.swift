/// One change in a delta answer (PROTOCOL.md §3.3).
public struct DeltaItem: Codable, Sendable, Equatable {
    /// What changed (PROTOCOL.md §3.4).
    public enum ObjectType: String, Codable, Sendable {
        case chat = "CHAT"
        case chatMessage = "CHAT_MESSAGE"
        case chatOperator = "CHAT_OPERATOR"
        case chatOperatorTyping = "CHAT_OPERATOR_TYPING"
        case chatReadByVisitor = "CHAT_READ_BY_VISITOR"
        case chatState = "CHAT_STATE"
        case chatUnreadByOperatorSinceTimestamp = "CHAT_UNREAD_BY_OPERATOR_SINCE_TS"
        case chatID = "CHAT_ID"
        case unreadByVisitor = "UNREAD_BY_VISITOR"
        case messageRead = "MESSAGE_READ"
        case operatorRate = "OPERATOR_RATE"
        case departmentList = "DEPARTMENT_LIST"
        case historyRevision = "HISTORY_REVISION"
        case survey = "SURVEY"
        case visitSessionState = "VISIT_SESSION_STATE"
        case visitorFull = "VISITOR_FULL"
        case visitSessionLanguage = "VISIT_SESSION_LANG"
        case visitSession = "VISIT_SESSION"
        case offlineChatMessage = "OFFLINE_CHAT_MESSAGE"
    }

    /// How it changed; anything else makes the client drop the item.
    public enum Event: String, Codable, Sendable {
        case add
        case update = "upd"
        case delete = "del"
    }

    /// Kept as text so that a type this build does not know is ignored, not a decoding failure.
    public var objectType: String
    public var event: String
    /// A message's server id for `CHAT_MESSAGE` and `MESSAGE_READ`; the visit session id otherwise.
    public var id: String
    public var data: JSONValue?

    public init(objectType: ObjectType, event: Event, id: String, data: JSONValue?) {
        self.objectType = objectType.rawValue
        self.event = event.rawValue
        self.id = id
        self.data = data
    }

    /// The object type, when this build knows it.
    public var knownObjectType: ObjectType? { ObjectType(rawValue: objectType) }

    /// The event, when it is one of the three the protocol allows.
    public var knownEvent: Event? { Event(rawValue: event) }

    public func encode(to encoder: any Encoder) throws {
        // `data` is always present on the wire, as JSON null when there is nothing to say.
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(objectType, forKey: .objectType)
        try container.encode(event, forKey: .event)
        try container.encode(id, forKey: .id)
        try container.encode(data ?? .null, forKey: .data)
    }
}
