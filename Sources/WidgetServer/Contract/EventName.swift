/// The name of each event of a tab's stream, written out: the page and the sites that embed it read these names, so
/// they are the contract whatever the Swift cases are called (a golden test holds the list).
enum EventName: String, CaseIterable, Sendable {
    case snapshot = "snapshot"
    case messageAdded = "message.added"
    case messageChanged = "message.changed"
    case messageRemoved = "message.removed"
    case messagesCleared = "messages.cleared"
    case historyComplete = "history.complete"
    case chatState = "chat.state"
    case visitState = "visit.state"
    case operatorChanged = "operator.changed"
    case operatorTyping = "operator.typing"
    case departments = "departments"
    case locationSettings = "location.settings"
    case onlineStatus = "online.status"
    case unreadByOperator = "unread.operator"
    case unreadByVisitor = "unread.visitor"
    case hello = "hello"
    case fatalError = "error.fatal"
    case transientError = "error.transient"
    case result = "result"
    case credential = "tab.credential"
    case survey = "survey"
    /// Not a tab's event: the server's last word on a stream before it ends it (`ServerDrain`), never numbered or
    /// replayed.
    case reconnect = "reconnect"
}
