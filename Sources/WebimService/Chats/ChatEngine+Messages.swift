import Foundation
import WebimWire

/// Visitor messages: send, edit, delete, react, stickers (PROTOCOL.md §5.2–§5.3).
extension ChatEngine {
    /// `chat.message`: a new message, a retry (same client-side id and text), or an edit (same id, new text).
    func receiveMessage(visitor: VisitorRecord, _ sent: VisitorAction.SentMessage) async throws {
        let (clientSideID, text) = (sent.clientSideID, sent.text)
        let location = library.location(visitor.location)
        let isFileMessage = sent.isFile
        if !isFileMessage {
            guard !text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else {
                throw ProtocolFailure(WireError.messageEmpty)
            }
            guard text.count <= location.maxMessageLength else {
                throw ProtocolFailure(WireError.maxMessageLengthExceeded)
            }
            guard MessageLimits.hasNoNUL(text) else { throw ProtocolFailure(WireError.wrongArgumentValue) }
        }
        let quoteText = sent.quote
        let data = try sent.data.value(refusing: WireError.wrongArgumentValue)
        let editingAllowed = location.flag(LocationConfigResponse.Key.visitorMessageEditing)
        let quotingAllowed = location.flag(LocationConfigResponse.Key.webAndMobileQuoting)
        let outcome = try await change(visitorID: visitor.id) { change -> VisitorMessageOutcome in
            if var existing = try change.message(clientSideID: clientSideID) {
                guard existing.text != text else { return .duplicate }
                try Self.checkEditable(existing, change: change, editingAllowed: editingAllowed)
                existing.text = text
                existing.edited = true
                try change.replace(existing)
                return .edited
            }
            let whileKeyboardPending = try !isFileMessage && !change.pendingKeyboards().isEmpty
            let started = try Self.openChatIfNeeded(&change, clientSideID: nil)
            guard let chatID = try change.openChat()?.id else { throw ServiceStoreError.noOpenChat }
            var message =
                isFileMessage
                ? try Self.fileMessage(attaching: text, change: &change, chatID: chatID, clientSideID: clientSideID)
                : Self.visitorMessage(change.visitor, chatID: chatID, clientSideID: clientSideID, text: text)
            if let quoteText {
                guard quotingAllowed else { throw ProtocolFailure(WireError.notAllowed) }
                let quoted = try Self.resolveVisitorQuote(quoteText, change: change)
                message.quote = try MessageRecord.jsonText(QuoteItem(state: .filled, message: quoted.quotedSnapshot))
                message.quotedMessageId = quoted.id
            }
            message.data = data ?? message.data
            try change.add(message)
            try Self.markUnreadByOperator(&change, since: Double(message.tsMicros) / 1_000_000)
            return .added(
                id: message.id,
                isFile: isFileMessage,
                startedChat: started,
                whileKeyboardPending: whileKeyboardPending
            )
        }
        if case .added(let id, let isFile, let started, let whileKeyboardPending) = outcome {
            if started { trigger(visitor, .chatStarted) }
            trigger(
                visitor,
                isFile
                    ? .visitorFile(messageID: id)
                    : .visitorMessage(text: text, messageID: id, whileKeyboardPending: whileKeyboardPending)
            )
        }
    }

    /// `chat.delete_message`: the visitor deletes their own message (CHAT_MESSAGE del).
    func deleteVisitorMessage(visitor: VisitorRecord, clientSideID: String) async throws {
        let editingAllowed = library.location(visitor.location).flag(LocationConfigResponse.Key.visitorMessageEditing)
        try await change(visitorID: visitor.id) { change in
            guard let message = try change.message(clientSideID: clientSideID), !message.deleted else {
                throw ProtocolFailure(WireError.messageNotFound)
            }
            try Self.checkEditable(message, change: change, editingAllowed: editingAllowed, allowFiles: true)
            try change.remove(message)
        }
    }

    /// `chat.react_message`: a like or dislike on an operator's message.
    func react(visitor: VisitorRecord, clientSideID: String, reaction: VisitorAction.Reaction) async throws {
        let reaction = reaction.rawValue
        try await change(visitorID: visitor.id) { change in
            guard var message = try change.message(clientSideID: clientSideID), !message.deleted else {
                throw ProtocolFailure(WireError.messageNotFound)
            }
            guard message.wireItem().canVisitorReact == true else { throw ProtocolFailure(WireError.notAllowed) }
            guard message.reaction != reaction else { return }
            message.reaction = reaction
            try change.replace(message)
        }
    }

    /// `sticker`: a sticker message (`sticker_visitor`, `data.stickerId`).
    func receiveSticker(visitor: VisitorRecord, stickerID: Int, clientSideID: String) async throws {
        let data = try MessageRecord.jsonText(StickerItem(stickerId: stickerID))
        try await change(visitorID: visitor.id) { change in
            guard try change.message(clientSideID: clientSideID) == nil else { return }
            _ = try Self.openChatIfNeeded(&change, clientSideID: nil)
            guard let chatID = try change.openChat()?.id else { throw ServiceStoreError.noOpenChat }
            var message = Self.visitorMessage(change.visitor, chatID: chatID, clientSideID: clientSideID, text: "")
            message.kind = MessageItem.Kind.stickerVisitor.rawValue
            message.data = data
            try change.add(message)
        }
    }

    /// Why a visitor may not edit or delete a message (PROTOCOL.md §5.3).
    static func checkEditable(
        _ message: MessageRecord,
        change: VisitorChange,
        editingAllowed: Bool,
        allowFiles: Bool = false
    ) throws {
        let kind = MessageItem.Kind(rawValue: message.kind)
        guard kind == .visitor || kind == .fileFromVisitor || kind == .stickerVisitor else {
            throw ProtocolFailure(WireError.messageNotOwned)
        }
        guard editingAllowed, !message.deleted, try change.openChat()?.id == message.chatId else {
            throw ProtocolFailure(WireError.notAllowed)
        }
        guard kind == .visitor || allowFiles else { throw ProtocolFailure(WireError.wrongMessageKind) }
    }

    /// The message a visitor's `quote` parameter names, or the nested quote error (PROTOCOL.md §5.3).
    static func resolveVisitorQuote(_ text: String, change: VisitorChange) throws -> MessageRecord {
        let failure = { (code: String) in ProtocolFailure(code, nested: true) }
        guard let value = try? JSONValue(parsing: Data(text.utf8)) else {
            throw failure(WireError.requiredQuoteArgsMissing)
        }
        if let references = value.arrayValue {
            throw failure(
                references.count > 1 ? WireError.multipleQuotedMessagesFound : WireError.requiredQuoteArgsMissing
            )
        }
        guard let id = value["ref"]?["msgId"]?.stringValue, !id.isEmpty else {
            throw failure(WireError.requiredQuoteArgsMissing)
        }
        guard id.count == 32, id.allSatisfy(\.isHexDigit) else { throw failure(WireError.corruptedQuotedMessageID) }
        guard let quoted = try change.message(id: id) else { throw failure(WireError.quotedMessageNotFound) }
        guard quoted.visitorId == change.visitor.id else { throw failure(WireError.quotingMessageFromAnotherVisitor) }
        guard quoted.wireItem().canBeReplied == true else { throw failure(WireError.quotingMessageThatCannotBeReplied) }
        return quoted
    }

    /// Records that the operator has unread visitor messages from `since` on.
    static func markUnreadByOperator(_ change: inout VisitorChange, since: Double) throws {
        guard var chat = try change.openChat(), chat.unreadByOperatorSinceTs == nil else { return }
        chat.unreadByOperatorSinceTs = since
        try change.update(chat: chat)
        try change.append(.chatUnreadByOperatorSinceTimestamp, data: .double(since))
    }
}

/// What a `chat.message` did.
enum VisitorMessageOutcome: Sendable {
    case added(id: String, isFile: Bool, startedChat: Bool, whileKeyboardPending: Bool)
    case edited
    case duplicate
}
