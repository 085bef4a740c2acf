import WebimWire

/// A visitor's state as a fullUpdate needs it.
struct VisitorSnapshot: Sendable {
    var visitor: VisitorRecord
    var chat: ChatItem?
    var chatState: String?
    var survey: SurveyRecord?
    /// The visitor's last history change (PROTOCOL.md §6).
    var historyRevision: Int64
    /// The current chat's department.
    var chatDepartmentKey: String? = nil
}
