import Foundation
import WebimWire

/// What an operator changes in messages already sent, from the console or a scenario: edits, deletes, a pending
/// quote filled, a keyboard's state. Only operator-side messages are theirs to change.
struct OperatorEdits: Sendable {
    let changes: VisitorChanges

    /// Edits an operator's text message: CHAT_MESSAGE upd with `edited: true`.
    func edit(visitorID: String, target: MessageTarget, text: String) async throws {
        guard !text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else {
            throw OperatorActionError.badInput(field: "text", reason: "empty")
        }
        try await changes.commit(visitorID: visitorID) { change in
            var message = try Self.operatorOwnedMessage(target, change: change)
            guard message.kind == MessageItem.Kind.operator.rawValue else {
                throw OperatorActionError.conflict("only text messages can be edited")
            }
            message.text = text
            message.edited = true
            try change.replace(message)
        }
    }

    /// Deletes an operator-side message: CHAT_MESSAGE del; quotes of it become `not-found`.
    func delete(visitorID: String, target: MessageTarget) async throws {
        try await changes.commit(visitorID: visitorID) { change in
            try change.remove(try Self.operatorOwnedMessage(target, change: change))
        }
    }

    /// Fills (or re-targets) the quote of an operator's message: CHAT_MESSAGE upd with the quote `filled`.
    func fillQuote(visitorID: String, quoting: MessageTarget, with request: QuoteRequest) async throws {
        try await changes.commit(visitorID: visitorID) { change in
            var message = try Self.operatorOwnedMessage(quoting, change: change)
            let (item, quotedID) = try change.quote(request)
            message.quote = try MessageRecord.jsonText(item)
            message.quotedMessageId = quotedID
            try change.replace(message)
        }
    }

    /// Sets a keyboard's state (e.g. canceled): CHAT_MESSAGE upd.
    func setKeyboardState(visitorID: String, target: MessageTarget, state: KeyboardItem.State) async throws {
        try await changes.commit(visitorID: visitorID) { change in
            try change.setKeyboard(state, of: try Self.operatorOwnedMessage(target, change: change))
        }
    }

    /// Cancels every keyboard of the visitor's that still waits for a button.
    func cancelPendingKeyboards(visitorID: String) async throws {
        try await changes.commit(visitorID: visitorID) { change in
            for message in try change.pendingKeyboards() { try change.setKeyboard(.canceled, of: message) }
        }
    }

    /// A live operator-side message of the visitor's, or the reason it cannot be changed.
    private static func operatorOwnedMessage(_ target: MessageTarget, change: VisitorChange) throws -> MessageRecord {
        guard let message = try change.message(target), !message.deleted else {
            throw OperatorActionError.notFound("message")
        }
        let operatorKinds: Set<String> = [
            MessageItem.Kind.operator.rawValue, MessageItem.Kind.fileFromOperator.rawValue,
            MessageItem.Kind.keyboard.rawValue, MessageItem.Kind.info.rawValue,
            MessageItem.Kind.operatorBusy.rawValue, MessageItem.Kind.contactsRequest.rawValue,
        ]
        guard operatorKinds.contains(message.kind) else {
            throw OperatorActionError.conflict("not an operator's message")
        }
        return message
    }
}
