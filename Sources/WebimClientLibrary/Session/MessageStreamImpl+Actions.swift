import Foundation
import WebimWire

extension MessageStreamImpl {
    // MARK: Chat

    func startChat() throws { try startChat(departmentKey: nil, firstQuestion: nil, customFields: nil) }
    func startChat(firstQuestion: String?) throws {
        try startChat(departmentKey: nil, firstQuestion: firstQuestion, customFields: nil)
    }
    func startChat(customFields: String?) throws {
        try startChat(departmentKey: nil, firstQuestion: nil, customFields: customFields)
    }
    func startChat(departmentKey: String?) throws {
        try startChat(departmentKey: departmentKey, firstQuestion: nil, customFields: nil)
    }
    func startChat(departmentKey: String?, firstQuestion: String?) throws {
        try startChat(departmentKey: departmentKey, firstQuestion: firstQuestion, customFields: nil)
    }
    func startChat(firstQuestion: String?, customFields: String?) throws {
        try startChat(departmentKey: nil, firstQuestion: firstQuestion, customFields: customFields)
    }
    func startChat(departmentKey: String?, customFields: String?) throws {
        try startChat(departmentKey: departmentKey, firstQuestion: nil, customFields: customFields)
    }
    func startChat(departmentKey: String?, firstQuestion: String?, customFields: String?) throws {
        try core.withAccess {
            ChatRequests.startChat(
                departmentKey: departmentKey,
                firstQuestion: firstQuestion,
                customFields: customFields,
                in: $0
            )
        }
    }

    func closeChat() throws { try core.withAccess { ChatRequests.queue(.chatClose, in: $0) } }
    func setVisitorTyping(draftMessage: String?) throws {
        try core.withAccess { $0.actions.setVisitorTyping(draft: draftMessage, in: $0) }
    }
    func setChatRead() throws { try core.withAccess { ChatRequests.queue(.chatReadByVisitor, in: $0) } }
    func set(prechatFields: String) throws {
        let fields = PrechatFields.normalize(prechatFields)
        try core.withAccess {
            ChatRequests.queue(.chatSetPrechatFields, [(WireParameter.prechatFields, fields)], in: $0)
        }
    }
    func respondSentryCall(id: String) throws {
        try core.withAccess { ChatRequests.queue(.chatActionRequest, [(WireParameter.clientSideID, id)], in: $0) }
    }
    func updateWidgetStatus(data: String) throws {
        try core.withAccess { ChatRequests.queue(.widgetUpdate, [(WireParameter.data, data)], in: $0) }
    }

    func sendDialogTo(emailAddress: String, completionHandler: (any SendDialogToEmailAddressCompletionHandler)?) throws
    {
        try core.withAccess { core in
            ChatRequests.queue(.chatSendChatHistory, [(WireParameter.email, emailAddress)], in: core) { _, outcome in
                switch outcome {
                case .success: completionHandler?.onSuccess()
                case .failure(let code):
                    completionHandler?.onFailure(error: SendDialogToEmailAddressError(wireCode: code))
                case .canceled: break
                }
            }
        }
    }

    func resend(message: any Message, completionHandler: (any ResendMessageCompletionHandler)?) throws {
        try core.withAccess { core in
            guard message.getSendStatus() == .sending else { return }
            let id = message.getID()
            let queued = Outbox.resend(messageID: id, in: core) { _, outcome in
                switch outcome {
                case .success: completionHandler?.onSuccess(messageID: id)
                case .failure: completionHandler?.onFailure()
                case .canceled: break
                }
            }
            if !queued { completionHandler?.onFailure() }
        }
    }

    func cancelResend(message: any Message) throws {
        try core.withAccess { core in
            guard message.getSendStatus() == .sending else { return }
            Outbox.cancelResend(messageID: message.getID(), in: core)
        }
    }

    func sendContacts(contacts: String, completionHandler: (any ContactsCompletionHandler)?) throws {
        try core.withAccess { core in
            ChatRequests.queue(.chatContactsResponse, [(WireParameter.visitorFields, contacts)], in: core) {
                _,
                outcome in
                switch outcome {
                case .success: completionHandler?.onSuccess()
                case .failure(let code): completionHandler?.onFailure(error: ContactsError(wireCode: code))
                case .canceled: break
                }
            }
        }
    }

    func rateOperatorWith(
        id: String?,
        byRating rating: Int,
        completionHandler: (any RateOperatorCompletionHandler)?
    )
        throws
    {
        try rateOperatorWith(id: id, note: nil, byRating: rating, completionHandler: completionHandler)
    }

    func rateOperatorWith(
        id: String?,
        note: String?,
        byRating rating: Int,
        completionHandler: (any RateOperatorCompletionHandler)?
    ) throws {
        try core.withAccess { core in
            ChatRequests.rateOperator(id: id, note: note, rating: rating, in: core) { _, outcome in
                switch outcome {
                case .success: completionHandler?.onSuccess()
                case .failure(let code): completionHandler?.onFailure(error: RateOperatorError(wireCode: code))
                case .canceled: break
                }
            }
        }
    }

    // MARK: Messages

    @discardableResult
    func send(message: String) throws -> String {
        try core.withAccess { try Outbox.sendMessage(text: message, in: $0) }
    }

    @discardableResult
    func send(message: String, completionHandler: (any SendMessageCompletionHandler)?) throws -> String {
        try core.withAccess { core in
            try Outbox.sendMessage(text: message, in: core) { _, id, outcome in
                if case .success = outcome { completionHandler?.onSuccess(messageID: id) }
            }
        }
    }

    @discardableResult
    func send(message: String, isHintQuestion: Bool?) throws -> String {
        let fields = isHintQuestion.map { [(WireParameter.hintQuestion, $0 ? "1" : "0")] } ?? []
        return try core.withAccess { try Outbox.sendMessage(text: message, extraFields: fields, in: $0) }
    }

    @discardableResult
    func send(
        message: String,
        data: [String: Any]?,
        completionHandler: (any DataMessageCompletionHandler)?
    ) throws
        -> String
    {
        var fields: [(String, String)] = []
        if let data, JSONSerialization.isValidJSONObject(data),
            let json = try? JSONSerialization.data(withJSONObject: data, options: [.sortedKeys])
        {
            fields.append((WireParameter.data, String(decoding: json, as: UTF8.self)))
        }
        return try core.withAccess { [fields] core in
            try Outbox.sendMessage(text: message, extraFields: fields, in: core) { _, id, outcome in
                outcome.reportMessage(to: completionHandler, messageID: id)
            }
        }
    }

    @discardableResult
    func reply(message: String, repliedMessage: any Message) throws -> String? {
        try core.withAccess { core in
            guard let (field, quote) = Self.replyQuote(to: repliedMessage) else { return nil }
            return try Outbox.sendMessage(text: message, extraFields: [field], quote: quote, in: core)
        }
    }

    /// The `quote` field and the pending quote a reply to `repliedMessage` carries; nil when it cannot be replied to.
    static func replyQuote(to repliedMessage: any Message) -> (field: (String, String), quote: QuoteImpl)? {
        guard repliedMessage.canBeReplied(), let serverID = repliedMessage.getServerSideID(),
            let reference = try? WireCoding.makeEncoder().encode(QuoteReference(messageID: serverID))
        else { return nil }
        let quote = QuoteImpl(
            state: .pending,
            authorID: repliedMessage.getOperatorID(),
            timestamp: repliedMessage.getTime(),
            messageID: repliedMessage.getID(),
            text: repliedMessage.getText(),
            type: repliedMessage.getType(),
            senderName: repliedMessage.getSenderName()
        )
        return ((WireParameter.quote, String(decoding: reference, as: UTF8.self)), quote)
    }

    @discardableResult
    func edit(message: any Message, text: String, completionHandler: (any EditMessageCompletionHandler)?) throws -> Bool
    {
        let id = message.getID()
        return try core.withAccess { core in
            ChatRequests.edit(message: message, text: text, in: core) { _, outcome in
                switch outcome {
                case .success: completionHandler?.onSuccess(messageID: id)
                case .failure(let code):
                    completionHandler?.onFailure(messageID: id, error: EditMessageError(wireCode: code))
                case .canceled: break
                }
            }
        }
    }

    @discardableResult
    func delete(message: any Message, completionHandler: (any DeleteMessageCompletionHandler)?) throws -> Bool {
        let id = message.getID()
        return try core.withAccess { core in
            ChatRequests.delete(message: message, in: core) { _, outcome in
                switch outcome {
                case .success: completionHandler?.onSuccess(messageID: id)
                case .failure(let code):
                    completionHandler?.onFailure(messageID: id, error: DeleteMessageError(wireCode: code))
                case .canceled: break
                }
            }
        }
    }

    func react(
        message: any Message,
        reaction: ReactionString,
        completionHandler: (any ReactionCompletionHandler)?
    ) throws -> Bool {
        let id = message.getID()
        return try core.withAccess { core in
            ChatRequests.react(message: message, reaction: reaction, in: core) { _, outcome in
                switch outcome {
                case .success: completionHandler?.onSuccess(messageID: id)
                case .failure(let code): completionHandler?.onFailure(error: ReactionError(wireCode: code))
                case .canceled: break
                }
            }
        }
    }

    func sendKeyboardRequest(
        button: any KeyboardButton,
        message: any Message,
        completionHandler: (any SendKeyboardRequestCompletionHandler)?
    ) throws {
        try sendKeyboardRequest(
            buttonID: button.getID(),
            messageCurrentChatID: message.getCurrentChatID() ?? message.getID(),
            completionHandler: completionHandler
        )
    }

    func sendKeyboardRequest(
        buttonID: String,
        messageCurrentChatID: String,
        completionHandler: (any SendKeyboardRequestCompletionHandler)?
    ) throws {
        let fields = [(WireParameter.buttonID, buttonID), (WireParameter.requestMessageID, messageCurrentChatID)]
        try core.withAccess { core in
            ChatRequests.queue(.chatKeyboardResponse, fields, in: core) { _, outcome in
                switch outcome {
                case .success: completionHandler?.onSuccess(messageID: messageCurrentChatID)
                case .failure(let code):
                    completionHandler?.onFailure(
                        messageID: messageCurrentChatID,
                        error: KeyboardResponseError(wireCode: code)
                    )
                case .canceled: break
                }
            }
        }
    }

    func sendSticker(withId stickerId: Int, completionHandler: (any SendStickerCompletionHandler)?) throws {
        try core.withAccess { core in
            Outbox.sendSticker(id: stickerId, in: core) { _, outcome in
                switch outcome {
                case .success: completionHandler?.onSuccess()
                case .failure(let code): completionHandler?.onFailure(error: SendStickerError(wireCode: code))
                case .canceled: break
                }
            }
        }
    }

    func clearHistory() throws { try core.withAccess { ChatRequests.clearHistory(in: $0) } }
}
