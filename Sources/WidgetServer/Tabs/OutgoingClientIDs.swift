import Synchronization

/// The page's `clientId` of each message on its way into the session, by the message id the widget chose for it
/// (`OutgoingMessageID`): whenever the session reports the message as added, its `message.added` carries the page's
/// id, without relying on when the core calls the listener.
final class OutgoingClientIDs: Sendable {
    private let byMessageID = Mutex<[String: String]>([:])

    /// Expects the message `messageID` for the page's `clientID`.
    func expect(_ clientID: String, forMessageID messageID: String) {
        byMessageID.withLock { $0[messageID] = clientID }
    }

    /// The page's id of the message, when the widget is sending it; the session reported it, so it is forgotten.
    func take(messageID: String) -> String? { byMessageID.withLock { $0.removeValue(forKey: messageID) } }

    /// Forgets a message that will not be added (a retry of one already sent, or a refused reply).
    func forget(messageID: String) { _ = take(messageID: messageID) }
}
