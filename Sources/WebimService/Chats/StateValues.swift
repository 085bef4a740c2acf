/// Chat states as the wire spells them (PROTOCOL.md §8.1).
enum ChatStateValue {
    static let queue = "queue"
    static let chatting = "chatting"
    static let closed = "closed"
    static let closedByOperator = "closed_by_operator"
    static let closedByVisitor = "closed_by_visitor"

    /// Whether a chat in this state takes no more messages (a new one must start).
    static func isClosed(_ state: String) -> Bool {
        [closed, closedByOperator, closedByVisitor].contains(state)
    }
}

/// Visit session states as the wire spells them (PROTOCOL.md §8.2).
enum VisitSessionStateValue {
    static let idle = "idle"
    static let idleAfterChat = "idle-after-chat"
    static let chat = "chat"
    static let departmentSelection = "department-selection"
    static let offlineMessage = "offline-message"
}

/// Online statuses as the wire spells them (PROTOCOL.md §8.3).
enum OnlineStatusValue {
    static let online = "online"
    static let busyOnline = "busy_online"
    static let offline = "offline"
    static let busyOffline = "busy_offline"

    static let all: Set<String> = [online, busyOnline, offline, busyOffline]

    /// Whether operators take chats in this status.
    static func isOnline(_ status: String) -> Bool { status == online || status == busyOnline }
}
