import WebimClientLibrary

/// Turns every listener call of a tab's session into an event of the tab's stream.
final class TabListener: MessageListener, ChatStateListener, CurrentOperatorChangeListener, OperatorTypingListener,
    FatalErrorHandler, NotFatalErrorHandler
{
    private let events: TabEventLog
    /// The page's id for the message being sent right now: `send(message:)` calls `added` before it returns.
    let pendingClientID = PendingClientID()

    init(events: TabEventLog) { self.events = events }

    func added(message newMessage: any Message, after previousMessage: (any Message)?) {
        let clientID = newMessage.getSendStatus() == .sending ? pendingClientID.take() : nil
        events.publish(.messageAdded(WidgetMessage(newMessage, clientId: clientID), beforeID: previousMessage?.getID()))
    }

    func removed(message: any Message) { events.publish(.messageRemoved(id: message.getID())) }

    func removedAllMessages() { events.publish(.messagesCleared) }

    func changed(message oldVersion: any Message, to newVersion: any Message) {
        let clientID = events.clientID(ofMessage: oldVersion.getID())
        events.publish(.messageChanged(WidgetMessage(newVersion, clientId: clientID)))
    }

    func changed(state previousState: ChatState, to newState: ChatState) {
        events.publish(.chatState(String(describing: newState)))
    }

    func changed(operator previousOperator: (any Operator)?, to newOperator: (any Operator)?) {
        events.publish(.operatorChanged(newOperator.map(WidgetOperator.init)))
    }

    func onOperatorTypingStateChanged(isTyping: Bool) { events.publish(.operatorTyping(isTyping)) }

    func on(error: any WebimError) {
        events.publish(.fatalError(type: String(describing: error.getErrorType()), message: error.getErrorString()))
    }

    func on(error: any WebimNotFatalError) {
        events.publish(.transientError(type: String(describing: error.getErrorType()), message: error.getErrorString()))
    }
}
