/// The chat as the visitor sees it: state, operator and the actions a visitor can take.
public protocol MessageStream: AnyObject {
    /// The current chat state.
    func getChatState() -> ChatState
    /// The operator of the current chat, if any.
    func getCurrentOperator() -> (any Operator)?
    /// Sends a text message and returns its id; the message shows as `sending` until the service stores it.
    @discardableResult
    func send(message: String) throws -> String
    /// Starts a chat; does nothing if one is open.
    func startChat() throws
    /// Closes the current chat.
    func closeChat() throws
    /// Tells the operator what the visitor is typing; nil means the visitor stopped.
    func setVisitorTyping(draftMessage: String?) throws
    /// A tracker of the messages; any earlier tracker of this stream is destroyed.
    func newMessageTracker(messageListener: any MessageListener) throws -> any MessageTracker
    /// Receives chat state changes.
    func set(chatStateListener: any ChatStateListener)
    /// Receives operator changes.
    func set(currentOperatorChangeListener: any CurrentOperatorChangeListener)
    /// Receives the operator's typing.
    func set(operatorTypingListener: any OperatorTypingListener)
}
