/// Receives changes of the messages a `MessageTracker` has shown.
///
/// Sendable because the session calls it on its executor from its network loops (a Swift 6 deviation,
/// listed in this target's README).
public protocol MessageListener: AnyObject, Sendable {
    /// A new message, to be shown before `previousMessage`; nil means at the end.
    func added(message newMessage: any Message, after previousMessage: (any Message)?)
    /// A message was removed.
    func removed(message: any Message)
    /// Every message was removed.
    func removedAllMessages()
    /// A message changed; `newVersion` has the same id.
    func changed(message oldVersion: any Message, to newVersion: any Message)
}
