// Listeners of `MessageStream`. Sendable for the same reason as `MessageListener`.

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
