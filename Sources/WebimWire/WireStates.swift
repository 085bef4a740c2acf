/// Chat states as the wire spells them (PROTOCOL.md §8.1): the service writes them, the client reads them.
public enum ChatStateValue {
    public static let queue = "queue"
    public static let chatting = "chatting"
    public static let chattingWithRobot = "chatting_with_robot"
    public static let closed = "closed"
    public static let closedByOperator = "closed_by_operator"
    public static let closedByVisitor = "closed_by_visitor"
    /// An operator's proactive invitation, waiting for the visitor to accept (by writing) or decline (closing it).
    public static let invitation = "invitation"

    /// Whether a chat in this state takes no more messages (a new one must start).
    public static func isClosed(_ state: String) -> Bool {
        [closed, closedByOperator, closedByVisitor].contains(state)
    }
}

/// Visit session states as the wire spells them (PROTOCOL.md §8.2).
public enum VisitSessionStateValue {
    public static let idle = "idle"
    public static let idleAfterChat = "idle-after-chat"
    public static let chat = "chat"
    public static let departmentSelection = "department-selection"
    public static let firstQuestion = "first-question"
    public static let offlineMessage = "offline-message"
}

/// Online statuses as the wire spells them (PROTOCOL.md §8.3).
public enum OnlineStatusValue {
    public static let online = "online"
    public static let busyOnline = "busy_online"
    public static let offline = "offline"
    public static let busyOffline = "busy_offline"

    public static let all: Set<String> = [online, busyOnline, offline, busyOffline]

    /// Whether operators take chats in this status.
    public static func isOnline(_ status: String) -> Bool { status == online || status == busyOnline }
}
