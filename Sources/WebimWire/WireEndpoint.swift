/// The paths of the Webim visitor protocol (PROTOCOL.md §1.4).
public enum WireEndpoint {
    /// Session init (iOS ≥ 3.39).
    public static let initialization = "/l/v/m/init"
    /// The delta long-poll.
    public static let delta = "/l/v/m/delta"
    /// Every visitor action, as a form post.
    public static let action = "/l/v/m/action"
    /// History since a revision or before a timestamp.
    public static let history = "/l/v/m/history"
    /// Location configuration; the location key follows as the last path component.
    public static let configs = "/api/visitor/v1/configs"
    /// Online status of a location.
    public static let onlineStatus = "/l/v/m/get-online-status"
}

/// Query and form parameter names of the protocol (PROTOCOL.md §2.2, §2.5, §5.2).
public enum WireParameter {
    public static let event = "event"
    public static let since = "since"
    public static let timestamp = "ts"
    public static let respondImmediately = "respond-immediately"
    public static let platform = "platform"
    public static let location = "location"
    public static let title = "title"
    public static let deviceID = "device-id"
    public static let visitSessionID = "visit-session-id"
    public static let visitor = "visitor"
    public static let visitorExt = "visitor-ext"
    public static let pageID = "page-id"
    public static let authToken = "auth-token"
    public static let action = "action"
    public static let clientSideID = "client-side-id"
    public static let message = "message"
    public static let forceOnline = "force-online"
    public static let departmentKey = "department-key"
    public static let firstQuestion = "first-question"
    public static let typing = "typing"
    public static let deleteDraft = "del-message-draft"
    public static let messageDraft = "message-draft"
}

/// The `action` values of PROTOCOL.md §5.2 that this build speaks.
public enum WireAction: String, Sendable, CaseIterable {
    case chatStart = "chat.start"
    case chatClose = "chat.close"
    case chatMessage = "chat.message"
    case chatVisitorTyping = "chat.visitor_typing"
    case chatReadByVisitor = "chat.read_by_visitor"
}
