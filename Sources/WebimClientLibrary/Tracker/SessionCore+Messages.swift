import Foundation
import WebimWire

extension SessionCore {
    /// How messages are built now: the session's base URL, file signer and config flags.
    var messageContext: MessageContext {
        MessageContext(
            baseURL: settings.baseURL,
            signer: credentials,
            editingAllowed: state.visitorMessageEditing,
            quotingAllowed: state.webAndMobileQuoting
        )
    }

    /// Stores messages from the service and tells the tracker's listener about those in its range.
    ///
    /// A message that confirms one of the visitor's `sending` messages replaces it (same id), so the listener
    /// sees `changed`, never a second copy.
    func receive(_ items: [MessageItem]) {
        // A loop may still deliver an answer after `destroy()`, whose history database is closed by then.
        guard !isDestroyed else { return }
        let context = messageContext
        let received = items.compactMap { item in MessageImpl(item: item, context: context).map { (item, $0) } }
        guard !received.isEmpty else { return }
        // Stored behind the listener's back: the page shows the message without waiting for the disk, and
        // every later read of the store comes after this write.
        let log = self.log
        history.saveLater(messages: received.map { $0.1.storedRecord(item: $0.0) }) {
            log(.error, .messageHistory, "could not store messages: \($0)")
        }
        for (_, message) in received { perform(tracker.receive(message)) }
    }

    /// Removes a message the service deleted (CHAT_MESSAGE `del`, history `deleted: true`).
    func removeMessage(serverSideID: String) {
        let stored = try? history.deleteMessage(serverID: serverSideID)
        perform(tracker.remove(storedID: stored?.id, serverSideID: serverSideID))
    }

    /// Changes a stored message's wire item (MESSAGE_READ, say) and reports the change.
    func updateStoredMessage(serverSideID: String, _ change: (inout MessageItem) -> Void) {
        guard let stored = try? history.message(serverID: serverSideID), var item = MessageImpl.item(of: stored) else {
            return
        }
        change(&item)
        receive([item])
    }

    /// Whether a message with this client-side id is being sent, is shown, or is stored in the outbox or history.
    /// When the store cannot be read it answers false: a message sent again under the same id is one message to
    /// the service, which deduplicates by client-side id.
    func knowsMessage(id: String) -> Bool {
        if tracker.message(id: id) != nil { return true }
        return (try? history.containsMessage(id: id)) ?? false
    }

    /// Performs what the tracker decided, in order.
    func perform(_ actions: [TrackerState.Action]) {
        // Taken once: a listener that replaces its tracker still hears the rest of the change it was told about.
        let listener = tracker.listener
        for action in actions {
            switch action {
            case .report(let event):
                guard let listener else { continue }
                switch event {
                case .added(let message, let before): listener.added(message: message, after: before)
                case .changed(let old, let new): listener.changed(message: old, to: new)
                case .removed(let message): listener.removed(message: message)
                case .removedAll: listener.removedAllMessages()
                }
            case .forgetOutboxEntry(let clientSideID):
                forgetOutboxEntry(clientSideID: clientSideID)
            }
        }
    }
}
