public import Foundation

// Listeners of `MessageStream`: all called on the session's executor, in order. They refine `Sendable`
// because the session's network loops hand values to them across tasks (a Swift 6 deviation, see README).

/// Receives visit session state changes.
public protocol VisitSessionStateListener: AnyObject, Sendable {
    func changed(state previousState: VisitSessionState, to newState: VisitSessionState)
}

/// Receives the department list whenever it changes.
public protocol DepartmentListChangeListener: AnyObject, Sendable {
    func received(departmentList: [any Department])
}

/// Receives chat state changes.
public protocol ChatStateListener: AnyObject, Sendable {
    func changed(state previousState: ChatState, to newState: ChatState)
}

/// Receives operator changes.
public protocol CurrentOperatorChangeListener: AnyObject, Sendable {
    func changed(operator previousOperator: (any Operator)?, to newOperator: (any Operator)?)
}

/// Receives the operator's typing.
public protocol OperatorTypingListener: AnyObject, Sendable {
    func onOperatorTypingStateChanged(isTyping: Bool)
}

/// Receives location settings changes.
public protocol LocationSettingsChangeListener: AnyObject, Sendable {
    func changed(
        locationSettings previousLocationSettings: any LocationSettings,
        to newLocationSettings: any LocationSettings
    )
}

/// Receives online status changes.
public protocol OnlineStatusChangeListener: AnyObject, Sendable {
    func changed(onlineStatus previousOnlineStatus: OnlineStatus, to newOnlineStatus: OnlineStatus)
}

/// Receives the time after which messages are unread by the operator.
public protocol UnreadByOperatorTimestampChangeListener: AnyObject, Sendable {
    func changedUnreadByOperatorTimestampTo(newValue: Date?)
}

/// Receives the count of messages unread by the visitor.
public protocol UnreadByVisitorMessageCountChangeListener: AnyObject, Sendable {
    func changedUnreadByVisitorMessageCountTo(newValue: Int)
}

/// Receives the time after which messages are unread by the visitor.
public protocol UnreadByVisitorTimestampChangeListener: AnyObject, Sendable {
    func changedUnreadByVisitorTimestampTo(newValue: Date?)
}

/// v3: receives the location's hello message when the chat is empty (PROTOCOL.md §3.2).
public protocol HelloMessageListener: AnyObject, Sendable {
    func helloMessage(message: String)
}

/// Asked to register the provided authorization token with the app's server.
public protocol ProvidedAuthorizationTokenStateListener: AnyObject, Sendable {
    func update(providedAuthorizationToken: String)
}
