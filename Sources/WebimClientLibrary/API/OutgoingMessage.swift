package import Foundation

/// A visitor message for `MessageStream.send(_:clientSideID:completionHandler:)`. Not in the reference.
package enum OutgoingMessage: Sendable {
    /// Text, with its custom data object's JSON (`data`) when it has one.
    case text(String, dataJSON: String?)
    /// Text the visitor chose from the hints service's suggestions unchanged, sent with `hint_question`
    /// (`send(message:isHintQuestion:)`).
    case hintQuestion(String)
    /// Text that quotes an earlier message.
    case reply(String, quoting: any Message)
    /// A file, uploaded as a file message.
    case file(Data, fileName: String, mimeType: String)
}

/// An outgoing message that could not be written to the outbox on disk: it was neither shown nor queued, and sending
/// it again later is safe.
package struct OutboxFailure: Error, Sendable {
    /// The client-side id the message would have had.
    package let clientSideID: String
    /// What could not be written.
    package let reason: String
}

/// What `send(_:clientSideID:completionHandler:)` did.
package struct OutgoingMessageReceipt: Sendable, Equatable {
    /// The message's client-side id: the one asked for.
    package let id: String
    /// False when a message with this id was already sent, queued or stored, and nothing was sent again.
    package let isNew: Bool
}

extension MessageStream {
    /// Sends a message under a client-side id the caller derives from its own request id (32 hexadecimal digits,
    /// as the core makes them), at most once: when the stream already has, queues or stores a message with that id,
    /// even from before a restart, nothing is sent again. The message is on disk when this returns; when it cannot
    /// be written this throws `OutboxFailure`.
    ///
    /// Not in the reference: the SDK's `send` makes its own id, so a caller that retries after a crash between the
    /// outbox's commit and its own answer would send twice. Returns nil when a reply's quoted message cannot be
    /// replied to (as `reply(message:repliedMessage:)`).
    package func send(
        _ outgoing: OutgoingMessage,
        clientSideID: String,
        completionHandler: (any DataMessageCompletionHandler & SendFileCompletionHandler)?
    ) throws -> OutgoingMessageReceipt? {
        guard let stream = self as? MessageStreamImpl else { throw AccessError.invalidSession }
        return try stream.sendOnce(outgoing, clientSideID: clientSideID, completionHandler: completionHandler)
    }
}
