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
    static let chat = "chat"
}
