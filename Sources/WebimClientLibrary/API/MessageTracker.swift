/// Reads the message history page by page and reports changes of what it has shown to a `MessageListener`.
///
/// One request at a time: a call while another is running, with a limit below 1, or after `destroy()` does
/// nothing. A tracker replaced by a newer one answers every request with an empty list.
public protocol MessageTracker: AnyObject {
    /// The newest `limit` messages, oldest first.
    func getLastMessages(byLimit limitOfMessages: Int, completion: @escaping ([any Message]) -> Void) throws
    /// Up to `limit` messages older than the oldest shown, oldest first; empty at the start of history.
    func getNextMessages(byLimit limitOfMessages: Int, completion: @escaping ([any Message]) -> Void) throws
    /// The whole history, oldest first, independent of the pages above.
    func getAllMessages(completion: @escaping ([any Message]) -> Void) throws
    /// Moves the oldest shown message to `message`: older ones leave the tracked range.
    func resetTo(message: any Message) throws
    /// Stops this tracker; its listener is called no more.
    func destroy() throws

    /// `getLastMessages(byLimit:completion:)` for async code; may be called from any task.
    func getLastMessages(byLimit limitOfMessages: Int) async throws -> [any Message]
    /// `getNextMessages(byLimit:completion:)` for async code; may be called from any task.
    func getNextMessages(byLimit limitOfMessages: Int) async throws -> [any Message]
    /// `getAllMessages(completion:)` for async code; may be called from any task.
    func getAllMessages() async throws -> [any Message]
}

/// Receives changes of the messages a `MessageTracker` has shown.
public protocol MessageListener: AnyObject, Sendable {
    /// A new message, to be shown before `previousMessage` (which is *after* it in time); nil means at the end.
    func added(message newMessage: any Message, after previousMessage: (any Message)?)
    /// A message was removed.
    func removed(message: any Message)
    /// Every message was removed.
    func removedAllMessages()
    /// A message changed; `newVersion` has the same id.
    func changed(message oldVersion: any Message, to newVersion: any Message)
}
