import Foundation
import WebimWire

/// What may happen to the visitor's messages (PROTOCOL.md §5.2–§5.3): sent, retried, edited, deleted, reacted to,
/// read, and a keyboard's button pressed.
struct MessageActions: Sendable {
    let library: ScenarioLibrary
    let changes: VisitorChanges
    let triggers: ScenarioTriggers

    /// `chat.message`: a new message, a retry (same client-side id and text), or an edit (same id, new text).
    func send(visitor: VisitorRecord, _ sent: VisitorAction.SentMessage) async throws {
        let location = library.location(visitor.location)
        let text = sent.text
        if !sent.isFile {
            guard !text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else {
                throw ProtocolFailure(WireError.messageEmpty)
            }
            guard text.count <= location.maxMessageLength else {
                throw ProtocolFailure(WireError.maxMessageLengthExceeded)
            }
            guard MessageLimits.hasNoNUL(text) else { throw ProtocolFailure(WireError.wrongArgumentValue) }
        }
        let data = try sent.data.value(refusing: WireError.wrongArgumentValue)
        let editingAllowed = location.flag(LocationConfigResponse.Key.visitorMessageEditing)
        let quotingAllowed = location.flag(LocationConfigResponse.Key.webAndMobileQuoting)
        let outcome = try await changes.commit(visitorID: visitor.id) { change -> Outcome in
            if var existing = try change.message(clientSideID: sent.clientSideID) {
                guard existing.text != text else { return .duplicate }
                try Self.checkEditable(existing, change: change, editingAllowed: editingAllowed)
                existing.text = text
                existing.edited = true
                try change.replace(existing)
                return .edited
            }
            let whileKeyboardPending = try !sent.isFile && !change.pendingKeyboards().isEmpty
            let (chatID, started) = try change.chatForVisitorMessage()
            var message =
                sent.isFile
                ? try change.attachFiles(
                    listedIn: text,
                    chatID: chatID,
                    clientSideID: sent.clientSideID,
                    limit: location.maxFilesPerChat
                )
                : MessageRecord.fromVisitor(
                    change.visitor,
                    chatID: chatID,
                    clientSideID: sent.clientSideID,
                    text: text,
                    clock: change.clock
                )
            if let quoteText = sent.quote {
                guard quotingAllowed else { throw ProtocolFailure(WireError.notAllowed) }
                let quoted = try change.visitorQuote(quoteText)
                message.quote = try MessageRecord.jsonText(QuoteItem(state: .filled, message: quoted.quotedSnapshot))
                message.quotedMessageId = quoted.id
            }
            message.data = data ?? message.data
            try change.add(message)
            try change.markUnreadByOperator(from: message)
            return .added(id: message.id, startedChat: started, whileKeyboardPending: whileKeyboardPending)
        }
        guard case .added(let id, let started, let whileKeyboardPending) = outcome else { return }
        if started { triggers.send(visitor, .chatStarted) }
        triggers.send(
            visitor,
            sent.isFile
                ? .visitorFile(messageID: id, fileCount: FileParametersItem.list(fromMessageText: text).count)
                : .visitorMessage(
                    text: text,
                    messageID: id,
                    whileKeyboardPending: whileKeyboardPending,
                    isHintQuestion: sent.isHintQuestion
                )
        )
    }

    /// `chat.delete_message`: the visitor deletes their own message (CHAT_MESSAGE del).
    func delete(visitor: VisitorRecord, clientSideID: String) async throws {
        let editingAllowed = library.location(visitor.location).flag(LocationConfigResponse.Key.visitorMessageEditing)
        try await changes.commit(visitorID: visitor.id, admission: .chargedAlways) { change in
            guard let message = try change.message(clientSideID: clientSideID), !message.deleted else {
                throw ProtocolFailure(WireError.messageNotFound)
            }
            try Self.checkEditable(message, change: change, editingAllowed: editingAllowed, allowFiles: true)
            try change.remove(message)
        }
    }

    /// `chat.react_message`: a like or dislike on an operator's message.
    func react(visitor: VisitorRecord, clientSideID: String, reaction: VisitorAction.Reaction) async throws {
        try await changes.commit(visitorID: visitor.id) { change in
            guard var message = try change.message(clientSideID: clientSideID), !message.deleted else {
                throw ProtocolFailure(WireError.messageNotFound)
            }
            guard message.wireItem().canVisitorReact == true else { throw ProtocolFailure(WireError.notAllowed) }
            guard message.reaction != reaction.rawValue else { return }
            message.reaction = reaction.rawValue
            try change.replace(message)
        }
    }

    /// `sticker`: a sticker message (`sticker_visitor`, `data.stickerId`).
    func sendSticker(visitor: VisitorRecord, stickerID: Int, clientSideID: String) async throws {
        let data = try MessageRecord.jsonText(StickerItem(stickerId: stickerID))
        // This service's extension: a location that lists its sticker ids refuses others (Webim's own error).
        if case .array(let ids) = library.location(visitor.location).config.accountConfig?[
            LocationConfigResponse.Key.widgetStickerIDs
        ], !ids.contains(.int(Int64(stickerID))) {
            throw ProtocolFailure(WireError.noStickerID)
        }
        let started = try await changes.commit(visitorID: visitor.id) { change -> Bool? in
            guard try change.message(clientSideID: clientSideID) == nil else { return nil }
            let (chatID, started) = try change.chatForVisitorMessage()
            var message = MessageRecord.fromVisitor(
                change.visitor,
                chatID: chatID,
                clientSideID: clientSideID,
                text: "",
                clock: change.clock
            )
            message.kind = MessageItem.Kind.stickerVisitor.rawValue
            message.data = data
            try change.add(message)
            return started
        }
        guard let started else { return }
        if started { triggers.send(visitor, .chatStarted) }
        triggers.send(visitor, .visitorSticker(stickerID: stickerID))
    }

    /// `chat.read_by_visitor`: CHAT_READ_BY_VISITOR true and UNREAD_BY_VISITOR zero.
    func read(visitor: VisitorRecord) async throws {
        try await changes.commit(visitorID: visitor.id, admission: .chargedAlways) { change in
            guard var chat = try change.currentChat(), chat.unreadByVisitorCount > 0 else { return }
            chat.unreadByVisitorCount = 0
            chat.unreadByVisitorSinceTs = nil
            try change.update(chat: chat)
            try change.append(.chatReadByVisitor, data: .bool(true))
            try change.append(.unreadByVisitor, value: UnreadByVisitorItem(msgCnt: 0))
        }
    }

    /// `chat.keyboard_response`: completes a bot keyboard (PROTOCOL.md §4.7) and adds a `keyboard_response` message.
    func answerKeyboard(visitor: VisitorRecord, buttonID: String, requestMessageID: String) async throws {
        try await changes.commit(visitorID: visitor.id) { change in
            guard let keyboardMessage = try change.message(id: requestMessageID),
                keyboardMessage.visitorId == change.visitor.id,
                try change.completeKeyboard(keyboardMessage, buttonID: buttonID)
            else { throw ProtocolFailure(WireError.cannotCreateResponse) }
        }
        triggers.send(visitor, .keyboardResponse(buttonID: buttonID))
    }

    /// Why a visitor may not edit or delete a message (PROTOCOL.md §5.3).
    private static func checkEditable(
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

    /// What a `chat.message` did.
    private enum Outcome: Sendable {
        case added(id: String, startedChat: Bool, whileKeyboardPending: Bool)
        case edited
        case duplicate
    }
}
