import Foundation
import WebimWire

/// Message tracking: the messages the tracker's listener is shown, those on their way, and the store they come from.
/// Its state machine (`TrackerState`) decides what the listener hears; this stores what the service sends and tells
/// the listener. Confined to the session's executor.
final class MessageTracking {
    var state = TrackerState()

    /// Stores messages from the service and tells the tracker's listener about those in its range.
    ///
    /// A message that confirms one of the visitor's `sending` messages replaces it (same id), so the listener
    /// sees `changed`, never a second copy.
    func receive(_ items: [MessageItem], in session: isolated SessionCore) {
        // A loop may still deliver an answer after `destroy()`, whose history database is closed by then.
        guard !session.isDestroyed else { return }
        let context = session.messageContext
        let received = items.compactMap { item in MessageImpl(item: item, context: context).map { (item, $0) } }
        guard !received.isEmpty else { return }
        // Stored behind the listener's back: the page shows the message without waiting for the disk, and
        // every later read of the store comes after this write.
        let log = session.log
        session.history.saveLater(messages: received.map { $0.1.storedRecord(item: $0.0) }) {
            log(.error, .messageHistory, "could not store messages: \($0)")
        }
        for (_, message) in received { perform(state.receive(message), in: session) }
    }

    /// Removes a message the service deleted (CHAT_MESSAGE `del`, history `deleted: true`).
    func remove(serverSideID: String, in session: isolated SessionCore) {
        let stored = try? session.history.deleteMessage(serverID: serverSideID)
        perform(state.remove(storedID: stored?.id, serverSideID: serverSideID), in: session)
    }

    /// Changes a stored message's wire item (MESSAGE_READ, say) and reports the change.
    func updateStoredMessage(
        serverSideID: String,
        in session: isolated SessionCore,
        _ change: (inout MessageItem) -> Void
    ) {
        guard let stored = try? session.history.message(serverID: serverSideID),
            var item = MessageImpl.item(of: stored)
        else { return }
        change(&item)
        receive([item], in: session)
    }

    /// Whether a message with this client-side id is being sent, is shown, or is stored in the outbox or history.
    /// When the store cannot be read it answers false: a message sent again under the same id is one message to
    /// the service, which deduplicates by client-side id.
    func knowsMessage(id: String, in session: isolated SessionCore) -> Bool {
        if state.message(id: id) != nil { return true }
        return (try? session.history.containsMessage(id: id)) ?? false
    }

    /// The message with `id` as the visitor sees it now: on its way or shown.
    func message(id: String) -> MessageImpl? { state.message(id: id) }

    /// Shows a message of the visitor's as `sending`.
    func addSending(_ message: MessageImpl, in session: isolated SessionCore) {
        perform(state.addSending(message), in: session)
    }

    /// A message on its way will not be sent: it leaves the list.
    func dropSending(id: String, in session: isolated SessionCore) { perform(state.dropSending(id: id), in: session) }

    /// Shows a message as the visitor changed it, before the service confirms it.
    func replaceLocally(_ message: MessageImpl, in session: isolated SessionCore) {
        perform(state.replaceLocally(message), in: session)
    }

    /// Every message leaves the range (`clearHistory()`).
    func removeAll(in session: isolated SessionCore) { perform(state.removeAll(), in: session) }

    /// The chat state or the operator changed: a pending keyboard is canceled (PROTOCOL.md §4.7).
    func chatOrOperatorChanged(in session: isolated SessionCore) {
        perform(state.chatOrOperatorChanged(), in: session)
    }

    /// The session ended: the tracker hears nothing more.
    func sessionEnded() { state.sessionEnded() }

    /// Performs what the tracker decided, in order.
    private func perform(_ actions: [TrackerState.Action], in session: isolated SessionCore) {
        // Taken once: a listener that replaces its tracker still hears the rest of the change it was told about.
        let listener = state.listener
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
                Outbox.forget(clientSideID: clientSideID, in: session)
            }
        }
    }
}
