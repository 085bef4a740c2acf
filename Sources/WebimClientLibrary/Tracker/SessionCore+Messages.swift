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
        for (_, message) in received { show(message) }
    }

    /// Puts a sent message in the tracker's range.
    private func show(_ message: MessageImpl) {
        if let index = sendingMessages.firstIndex(where: { $0.id == message.id }) {
            let old = sendingMessages.remove(at: index)
            forgetOutboxEntry(clientSideID: message.id)
            emit(window.confirm(message, replacing: old))
        } else {
            emit(window.upsert(message, firstSending: sendingMessages.first))
        }
    }

    /// Removes a message the service deleted (CHAT_MESSAGE `del`, history `deleted: true`).
    func removeMessage(serverSideID: String) {
        let stored = try? history.deleteMessage(serverID: serverSideID)
        let id = stored?.id ?? window.message(serverSideID: serverSideID)?.id
        if let id { emit(window.remove(id: id)) }
    }

    /// Changes a stored message's wire item (MESSAGE_READ, say) and reports the change.
    func updateStoredMessage(serverSideID: String, _ change: (inout MessageItem) -> Void) {
        guard let stored = try? history.message(serverID: serverSideID), var item = MessageImpl.item(of: stored) else {
            return
        }
        change(&item)
        receive([item])
    }

    /// Shows a visitor message that is on its way.
    func addSending(_ message: MessageImpl) {
        sendingMessages.append(message)
        if window.isActive { emit([.added(message, before: nil)]) }
    }

    /// Replaces an unconfirmed or shown message locally (an edit on its way, say).
    func replaceLocally(_ message: MessageImpl) {
        if let index = sendingMessages.firstIndex(where: { $0.id == message.id }) {
            let old = sendingMessages[index]
            sendingMessages[index] = message
            if window.isActive { emit([.changed(old, to: message)]) }
        } else {
            emit(window.upsert(message, firstSending: sendingMessages.first))
        }
    }

    /// Drops a visitor message the service refused for good.
    func dropSending(id: String) {
        forgetOutboxEntry(clientSideID: id)
        guard let index = sendingMessages.firstIndex(where: { $0.id == id }) else { return }
        let message = sendingMessages.remove(at: index)
        if window.isActive { emit([.removed(message)]) }
    }

    /// The message with `id` as the visitor sees it now, shown or stored.
    func currentMessage(id: String) -> MessageImpl? {
        if let sending = sendingMessages.first(where: { $0.id == id }) { return sending }
        return window.message(id: id)
    }

    /// Whether a message with this client-side id is being sent, is shown, or is stored in the outbox or history.
    /// When the store cannot be read it answers false: a message sent again under the same id is one message to
    /// the service, which deduplicates by client-side id.
    func knowsMessage(id: String) -> Bool {
        if currentMessage(id: id) != nil { return true }
        return (try? history.containsMessage(id: id)) ?? false
    }

    /// PROTOCOL.md §4.7: a pending keyboard is canceled locally when the operator or chat state changes.
    func cancelPendingKeyboards() {
        emit(
            window.update(where: { $0.keyboard?.state == .pending }) { message in
                message.keyboard?.state = .canceled
            }
        )
    }

    /// Performs listener events in order.
    func emit(_ events: [WindowEvent]) {
        guard let listener = messageListener else { return }
        for event in events {
            switch event {
            case .added(let message, let before): listener.added(message: message, after: before)
            case .changed(let old, let new): listener.changed(message: old, to: new)
            case .removed(let message): listener.removed(message: message)
            case .removedAll: listener.removedAllMessages()
            }
        }
    }
}
