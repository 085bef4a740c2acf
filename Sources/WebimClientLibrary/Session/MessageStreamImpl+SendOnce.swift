import Foundation
import WebimWire

/// How hard the outbox must try to keep an outgoing message.
enum OutboxPersistence: Sendable {
    /// Logged when it cannot be written, and sent anyway: the reference's `send` has no way to say it failed.
    case bestEffort
    /// Thrown as `OutboxFailure` when it cannot be written, and not sent.
    case required
}

extension MessageStreamImpl {
    /// `MessageStream.send(_:clientSideID:completionHandler:)`.
    func sendOnce(
        _ outgoing: OutgoingMessage,
        clientSideID id: String,
        completionHandler: (any DataMessageCompletionHandler & SendFileCompletionHandler)?
    ) throws -> OutgoingMessageReceipt? {
        try core.withAccess { core in
            if core.tracker.knowsMessage(id: id, in: core) { return OutgoingMessageReceipt(id: id, isNew: false) }
            let reportText: @Sendable (isolated SessionCore, String, ActionOutcome) -> Void = { _, id, outcome in
                outcome.reportMessage(to: completionHandler, messageID: id)
            }
            switch outgoing {
            case .text(let text, let dataJSON):
                let fields = dataJSON.map { [(WireParameter.data, $0)] } ?? []
                _ = try Outbox.sendMessage(
                    text: text,
                    extraFields: fields,
                    id: id,
                    persistence: .required,
                    in: core,
                    onFinish: reportText
                )
            case .hintQuestion(let text):
                _ = try Outbox.sendMessage(
                    text: text,
                    extraFields: [(WireParameter.hintQuestion, "1")],
                    id: id,
                    persistence: .required,
                    in: core,
                    onFinish: reportText
                )
            case .reply(let text, let quoted):
                guard let (field, quote) = Self.replyQuote(to: quoted) else { return nil }
                _ = try Outbox.sendMessage(
                    text: text,
                    extraFields: [field],
                    quote: quote,
                    id: id,
                    persistence: .required,
                    in: core,
                    onFinish: reportText
                )
            case .file(let data, let fileName, let mimeType):
                _ = try Outbox.sendFile(
                    data: data,
                    fileName: fileName,
                    mimeType: mimeType,
                    id: id,
                    persistence: .required,
                    in: core
                ) { _, id, outcome in
                    outcome.reportFile(to: completionHandler, messageID: id)
                }
            }
            return OutgoingMessageReceipt(id: id, isNew: true)
        }
    }
}
