import Foundation
import HTTPAPI
import HTTPTypes
import WebimClientLibrary

/// The page's actions on messages: sending (text, a reply, a file, a sticker), editing, deleting, reacting,
/// choosing a keyboard's button and accepting an action request. Each happens once per `clientId`, its outcome
/// reported as a `result` event.
struct TabMessageActions: Sendable {
    let tab: TabSession

    /// Sends a visitor message (a reply when `quotedMessageID` is set), once per `clientID`, even across restarts;
    /// a retry answers the first message's id. `data` is the custom data object's JSON; `isHintQuestion`: the text is
    /// a suggestion chosen unchanged (`hint_question`). Throws 503 `storage_unavailable` when the message cannot be
    /// written to disk: a 202 means it is there.
    func send(
        text: String,
        clientID: String,
        quotedMessageID: String?,
        data: Data?,
        isHintQuestion: Bool = false
    ) async throws -> OutgoingMessageReceipt {
        try await tab.perform { tab in
            let stream = try tab.requireStream()
            let outgoing: OutgoingMessage
            if isHintQuestion {
                outgoing = .hintQuestion(text)
            } else if let quotedMessageID {
                outgoing = .reply(text, quoting: try tab.message(quotedMessageID, field: "quotedMessageId"))
            } else {
                outgoing = .text(text, dataJSON: data.map { String(decoding: $0, as: UTF8.self) })
            }
            guard let receipt = try Self.sendOnce(outgoing, clientID: clientID, on: stream, in: tab) else {
                throw APIError(.cannotReply, "This message cannot be replied to.")
            }
            return receipt
        }
    }

    /// Sends a file, once per `clientID` as `send` does.
    func sendFile(
        _ data: Data,
        filename: String,
        mimeType: String,
        clientID: String
    ) async throws -> OutgoingMessageReceipt {
        try await tab.perform { tab in
            let stream = try tab.requireStream()
            let outgoing = OutgoingMessage.file(data, fileName: filename, mimeType: mimeType)
            // Only a reply can be refused before it is queued.
            guard let receipt = try Self.sendOnce(outgoing, clientID: clientID, on: stream, in: tab) else {
                throw APIError.sessionEnded
            }
            return receipt
        }
    }

    /// Sends a sticker the location allows; a retry with the same `clientID` sends nothing again.
    func sendSticker(id stickerID: Int, clientID: String) async throws {
        // The last known set usually has it; the service is asked afresh only when it does not.
        var allowed = tab.events.limits.stickers
        if !allowed.contains(where: { $0.id == stickerID }) { allowed = await tab.uploads.limits().stickers }
        guard allowed.contains(where: { $0.id == stickerID }) else {
            let refusal = allowed.isEmpty ? "Stickers are not offered here." : "There is no such sticker here."
            throw APIError(.unknownSticker, refusal, field: "stickerId")
        }
        try tab.budgets.check()
        try await tab.perform { tab in
            try tab.once(clientID: clientID) { handler in
                try tab.requireStream().sendSticker(withId: stickerID, completionHandler: handler)
                return String(stickerID)
            }
        }
    }

    /// Edits a visitor message.
    func edit(messageID: String, text: String, clientID: String) async throws {
        let refusal = APIError(.cannotEdit, "This message cannot be edited.")
        try await once(messageID: messageID, clientID: clientID, refusal: refusal) { stream, message, handler in
            try stream.edit(message: message, text: text, completionHandler: handler)
        }
    }

    /// Deletes a visitor message.
    func delete(messageID: String, clientID: String) async throws {
        let refusal = APIError(.cannotDelete, "This message cannot be deleted.")
        try await once(messageID: messageID, clientID: clientID, refusal: refusal) { stream, message, handler in
            try stream.delete(message: message, completionHandler: handler)
        }
    }

    /// Likes or dislikes an operator's message.
    func react(messageID: String, reaction: ReactionString, clientID: String) async throws {
        let refusal = APIError(.cannotReact, "This message takes no reaction, or no other one.")
        try await once(messageID: messageID, clientID: clientID, refusal: refusal) { stream, message, handler in
            try stream.react(message: message, reaction: reaction, completionHandler: handler)
        }
    }

    /// Accepts an operator's action request once per `clientID`. The SDK's call has no completion handler, so the
    /// `result` event says only that the acceptance is on its way to the service.
    func acceptActionRequest(messageID: String, clientID: String) async throws {
        let refusal = APIError(.notAnActionRequest, "This message asks for no action.")
        try await once(messageID: messageID, clientID: clientID, refusal: refusal) { stream, message, handler in
            guard message.getType() == .actionRequest else { return false }
            try stream.respondSentryCall(id: message.getID())
            handler.onSuccess()
            return true
        }
    }

    /// Chooses a button of a bot keyboard.
    func chooseButton(messageID: String, buttonID: String, clientID: String) async throws {
        try await tab.perform { tab in
            try tab.once(clientID: clientID) { handler in
                let message = try tab.message(messageID, field: "messageId")
                guard let keyboard = message.getKeyboard() else {
                    throw APIError(.notAKeyboard, "This message has no buttons.")
                }
                guard let button = keyboard.getButtons().joined().first(where: { $0.getID() == buttonID }) else {
                    throw APIError(.unknownButton, "The keyboard has no such button.", field: "buttonId")
                }
                try tab.requireStream().sendKeyboardRequest(
                    button: button,
                    message: message,
                    completionHandler: handler
                )
                return messageID
            }
        }
    }

    /// Performs an action on one message once per `clientID`; `perform` answers false when the message does not take
    /// the action: 409 with `refusal`.
    private func once(
        messageID: String,
        clientID: String,
        refusal: APIError,
        _ perform: @escaping @Sendable (any MessageStream, any Message, ActionResultHandler) throws -> Bool
    ) async throws {
        try await tab.perform { tab in
            try tab.once(clientID: clientID) { handler in
                let message = try tab.message(messageID, field: "id")
                guard try perform(try tab.requireStream(), message, handler) else { throw refusal }
                return messageID
            }
        }
    }

    /// The core's once-only send under the id `clientID` names, its `message.added` tagged with `clientID` whenever the
    /// session reports it.
    private static func sendOnce(
        _ outgoing: OutgoingMessage,
        clientID: String,
        on stream: any MessageStream,
        in tab: isolated TabSession
    ) throws -> OutgoingMessageReceipt? {
        try tab.budgets.check()
        let handler = ActionResultHandler(clientID: clientID, events: tab.events, budgets: tab.budgets)
        let messageID = OutgoingMessageID.make(tabID: tab.id, clientID: clientID)
        let outgoingIDs = tab.listener.outgoing
        outgoingIDs.expect(clientID, forMessageID: messageID)
        do {
            let receipt = try stream.send(outgoing, clientSideID: messageID, completionHandler: handler)
            if receipt?.isNew != true { outgoingIDs.forget(messageID: messageID) }
            return receipt
        } catch {
            outgoingIDs.forget(messageID: messageID)
            // The core has logged what could not be written.
            if error is OutboxFailure { throw APIError.storageUnavailable }
            throw error
        }
    }
}
