/// Reads the message history page by page and reports its changes to a `MessageListener`.
public protocol MessageTracker: AnyObject {
    /// The last `limit` messages, oldest first; afterwards new messages reach the listener.
    func getLastMessages(byLimit limit: Int, completion: @escaping ([any Message]) -> Void) throws
    /// Stops this tracker; its listener is called no more.
    func destroy() throws
}
