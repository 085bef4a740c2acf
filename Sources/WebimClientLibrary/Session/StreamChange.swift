import Foundation

/// A change of the stream's state that a listener hears: what `StreamState`'s setters report, and what
/// `StreamListeners.deliver` tells.
enum StreamChange: Sendable {
    case visitSessionState(from: VisitSessionState, to: VisitSessionState)
    case chatState(from: ChatState, to: ChatState)
    case currentOperator(from: OperatorImpl?, to: OperatorImpl?)
    case operatorTyping(Bool)
    case onlineStatus(from: OnlineStatus, to: OnlineStatus)
    case departments([DepartmentImpl])
    case locationSettings(from: LocationSettingsImpl, to: LocationSettingsImpl)
    case unreadByOperatorTimestamp(Date?)
    case unreadByVisitorMessageCount(Int)
    case unreadByVisitorTimestamp(Date?)

    /// Whether the message tracker must hear of it: a pending keyboard ends with the chat or its operator
    /// (PROTOCOL.md §4.7).
    var endsPendingKeyboards: Bool {
        switch self {
        case .chatState, .currentOperator: true
        default: false
        }
    }

    /// Whether a loop may be waiting for it: the action queue starts a chat by the chat's and the visit's state.
    var wakesLoops: Bool {
        switch self {
        case .chatState, .visitSessionState: true
        default: false
        }
    }
}

extension StreamListeners {
    /// Tells each change to its listener, in order.
    func deliver(_ changes: [StreamChange]) {
        for change in changes {
            switch change {
            case .visitSessionState(let previous, let new): visitSessionState?.changed(state: previous, to: new)
            case .chatState(let previous, let new): chatState?.changed(state: previous, to: new)
            case .currentOperator(let previous, let new): currentOperator?.changed(operator: previous, to: new)
            case .operatorTyping(let isTyping): operatorTyping?.onOperatorTypingStateChanged(isTyping: isTyping)
            case .onlineStatus(let previous, let new): onlineStatus?.changed(onlineStatus: previous, to: new)
            case .departments(let departments): departmentList?.received(departmentList: departments)
            case .locationSettings(let previous, let new):
                locationSettings?.changed(locationSettings: previous, to: new)
            case .unreadByOperatorTimestamp(let date):
                unreadByOperatorTimestamp?.changedUnreadByOperatorTimestampTo(newValue: date)
            case .unreadByVisitorMessageCount(let count):
                unreadByVisitorMessageCount?.changedUnreadByVisitorMessageCountTo(newValue: count)
            case .unreadByVisitorTimestamp(let date):
                unreadByVisitorTimestamp?.changedUnreadByVisitorTimestampTo(newValue: date)
            }
        }
    }
}
