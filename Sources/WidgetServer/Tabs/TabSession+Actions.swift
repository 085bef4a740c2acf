import Foundation
import HTTPAPI
import HTTPTypes
import WebimClientLibrary

/// The page's actions: each once per `clientId`, its outcome reported as a `result` event.
extension TabSession {
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
    ) throws -> OutgoingMessageReceipt {
        let stream = try requireStream()
        let outgoing: OutgoingMessage
        if isHintQuestion {
            outgoing = .hintQuestion(text)
        } else if let quotedMessageID {
            outgoing = .reply(text, quoting: try message(quotedMessageID, field: "quotedMessageId"))
        } else {
            outgoing = .text(text, dataJSON: data.map { String(decoding: $0, as: UTF8.self) })
        }
        guard let receipt = try sendOnce(outgoing, clientID: clientID, on: stream) else {
            throw APIError(.cannotReply, "This message cannot be replied to.")
        }
        return receipt
    }

    /// Edits a visitor message.
    func edit(messageID: String, text: String, clientID: String) throws {
        try once(
            messageID: messageID,
            clientID: clientID,
            refusal: APIError(.cannotEdit, "This message cannot be edited.")
        ) {
            try requireStream().edit(message: $0, text: text, completionHandler: $1)
        }
    }

    /// Deletes a visitor message.
    func delete(messageID: String, clientID: String) throws {
        try once(
            messageID: messageID,
            clientID: clientID,
            refusal: APIError(.cannotDelete, "This message cannot be deleted.")
        ) {
            try requireStream().delete(message: $0, completionHandler: $1)
        }
    }

    /// Likes or dislikes an operator's message.
    func react(messageID: String, reaction: ReactionString, clientID: String) throws {
        let refusal = APIError(.cannotReact, "This message takes no reaction, or no other one.")
        try once(messageID: messageID, clientID: clientID, refusal: refusal) {
            try requireStream().react(message: $0, reaction: reaction, completionHandler: $1)
        }
    }

    /// Accepts an operator's action request once per `clientID`. The SDK's call has no completion handler, so the
    /// `result` event says only that the acceptance is on its way to the service.
    func acceptActionRequest(messageID: String, clientID: String) throws {
        let refusal = APIError(.notAnActionRequest, "This message asks for no action.")
        try once(messageID: messageID, clientID: clientID, refusal: refusal) { message, handler in
            guard message.getType() == .actionRequest else { return false }
            try requireStream().respondSentryCall(id: message.getID())
            handler.onSuccess()
            return true
        }
    }

    /// Performs an action on one message once per `clientID`; `perform` answers false when the message does not take
    /// the action: 409 with `refusal`.
    private func once(
        messageID: String,
        clientID: String,
        refusal: APIError,
        _ perform: (any Message, ActionResultHandler) throws -> Bool
    ) throws {
        try once(clientID: clientID) { handler in
            guard try perform(try message(messageID, field: "id"), handler) else {
                throw refusal
            }
            return messageID
        }
    }

    /// Performs an action once per `clientID`: a retry of an accepted one does nothing again. Its outcome comes as a
    /// `result` event through the handler; `perform` answers what the action was about, remembered for the retry.
    func once(clientID: String, _ perform: (ActionResultHandler) throws -> String) throws {
        guard clientIDAnswers.answer(forClientID: clientID) == nil else { return }
        let answer = try perform(ActionResultHandler(clientID: clientID, events: events))
        clientIDAnswers.remember(answer: answer, forClientID: clientID)
    }

    /// Chooses a button of a bot keyboard.
    func chooseButton(messageID: String, buttonID: String, clientID: String) throws {
        try once(clientID: clientID) { handler in
            let message = try message(messageID, field: "messageId")
            guard let keyboard = message.getKeyboard() else {
                throw APIError(.notAKeyboard, "This message has no buttons.")
            }
            guard let button = keyboard.getButtons().joined().first(where: { $0.getID() == buttonID }) else {
                throw APIError(.unknownButton, "The keyboard has no such button.", field: "buttonId")
            }
            try requireStream().sendKeyboardRequest(button: button, message: message, completionHandler: handler)
            return messageID
        }
    }

    /// Sends a sticker the location allows; a retry with the same `clientID` sends nothing again.
    func sendSticker(id stickerID: Int, clientID: String) async throws {
        // The last known set usually has it; the service is asked afresh only when it does not.
        var allowed = events.limits.stickers
        if !allowed.contains(where: { $0.id == stickerID }) { allowed = await limits().stickers }
        guard allowed.contains(where: { $0.id == stickerID }) else {
            let refusal = allowed.isEmpty ? "Stickers are not offered here." : "There is no such sticker here."
            throw APIError(.unknownSticker, refusal, field: "stickerId")
        }
        try budgets.check()
        try once(clientID: clientID) { handler in
            try requireStream().sendSticker(withId: stickerID, completionHandler: handler)
            return String(stickerID)
        }
    }

    /// Reports the visitor's draft (nil: stopped typing).
    func setTyping(draft: String?) throws { try currentStream().setVisitorTyping(draftMessage: draft) }

    /// Rates the operator (the current one unless named).
    func rate(operatorID: String?, rating: Int, note: String?, clientID: String) throws {
        try once(clientID: clientID) { handler in
            let stream = try requireStream()
            guard let operatorID = operatorID ?? stream.getCurrentOperator()?.getID() else {
                throw APIError(.noOperator, "There is no operator to rate.")
            }
            try stream.rateOperatorWith(id: operatorID, note: note, byRating: rating, completionHandler: handler)
            return operatorID
        }
    }

    /// Starts a chat (with the tab's department unless one is named) or closes it.
    func chat(start: Bool, departmentKey: String?, firstQuestion: String?, customFields: String?) throws {
        let stream = try requireStream()
        if start {
            try stream.startChat(
                departmentKey: departmentKey ?? self.departmentKey,
                firstQuestion: firstQuestion,
                customFields: customFields
            )
        } else {
            try stream.closeChat()
        }
    }

    /// Marks the chat read by the visitor.
    func markRead() throws { try currentStream().setChatRead() }

    /// E-mails the transcript.
    func sendTranscript(to email: String, clientID: String) throws {
        try once(clientID: clientID) { handler in
            try requireStream().sendDialogTo(emailAddress: email, completionHandler: handler)
            return email
        }
    }

    /// Answers the operator's contact-information request with `contacts` (a JSON object of fields).
    func sendContacts(_ contacts: String, clientID: String) throws {
        try once(clientID: clientID) { handler in
            try requireStream().sendContacts(contacts: contacts, completionHandler: handler)
            return contacts
        }
    }

    /// Sends a file, once per `clientID` as `send` does.
    func sendFile(_ data: Data, filename: String, mimeType: String, clientID: String) throws -> OutgoingMessageReceipt {
        let stream = try requireStream()
        let outgoing = OutgoingMessage.file(data, fileName: filename, mimeType: mimeType)
        // Only a reply can be refused before it is queued.
        guard let receipt = try sendOnce(outgoing, clientID: clientID, on: stream) else { throw APIError.sessionEnded }
        return receipt
    }

    /// The core's once-only send under the id `clientID` names, its `message.added` tagged with `clientID` whenever the
    /// session reports it.
    private func sendOnce(
        _ outgoing: OutgoingMessage,
        clientID: String,
        on stream: any MessageStream
    ) throws -> OutgoingMessageReceipt? {
        try budgets.check()
        let handler = ActionResultHandler(clientID: clientID, events: events, budgets: budgets)
        let messageID = OutgoingMessageID.make(tabID: id, clientID: clientID)
        listener.outgoing.expect(clientID, forMessageID: messageID)
        do {
            let receipt = try stream.send(outgoing, clientSideID: messageID, completionHandler: handler)
            if receipt?.isNew != true { listener.outgoing.forget(messageID: messageID) }
            return receipt
        } catch {
            listener.outgoing.forget(messageID: messageID)
            // The core has logged what could not be written.
            if error is OutboxFailure { throw APIError.storageUnavailable }
            throw error
        }
    }

    /// The upload limits, asked of the service afresh; the last known ones if it does not answer in time.
    func limits() async -> UploadLimits {
        guard let stream else { return events.limits }
        let request = LimitsRequest(events: events)
        try? stream.getServerSideSettings(completionHandler: request)
        return await request.result(timeout: .seconds(5))
    }

    private func message(_ id: String, field: String) throws -> any Message {
        guard let message = events.coreMessage(id: id) else {
            throw APIError.unknownMessage(field: field)
        }
        return message
    }
}
