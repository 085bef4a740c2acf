import WebimWire

/// A visitor's state as a fullUpdate needs it.
struct VisitorSnapshot: Sendable {
    var visitor: VisitorRecord
    var chat: ChatItem?
    var chatState: String?
}
