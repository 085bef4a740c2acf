import WebimWire

extension SessionCore {
    /// `resend(message:completionHandler:)`: a message still on its way is in the outbox and retried until the
    /// service answers, so sending it again is waiting for that answer; false when it is not on its way.
    func resend(messageID: String, onFinish: @escaping @Sendable (isolated SessionCore, ActionOutcome) -> Void) -> Bool
    {
        let queued = actions.alsoOnFinish(outboxID: messageID, onFinish)
        if queued { wakeAll() }
        return queued
    }

    /// `cancelResend(message:)`: the message leaves the queue, the outbox and the list (`removed(message:)`).
    func cancelResend(messageID: String) {
        guard actions.remove(outboxID: messageID) != nil else { return }
        forgetOutboxEntry(clientSideID: messageID)
        perform(tracker.dropSending(id: messageID))
    }
}
