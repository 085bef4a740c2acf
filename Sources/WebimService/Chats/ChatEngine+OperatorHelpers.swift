import Foundation
import WebimWire

/// Pieces of the operator-side changes, run inside a visitor's transaction.
extension ChatEngine {
    /// The open chat and the operator who writes: `operatorID`, else the chat's operator.
    static func openChatAndAuthor(_ change: VisitorChange, operatorID: Int?) throws -> (ChatRecord, OperatorRecord) {
        guard let chat = try change.openChat() else { throw OperatorActionError.conflict("no open chat") }
        guard let author = try change.operator(id: operatorID ?? chat.operatorId) else {
            throw OperatorActionError.conflict("no operator in the chat")
        }
        return (chat, author)
    }

    /// A new operator-side message record; `info` messages have no author and an empty name.
    static func operatorMessage(
        _ outgoing: OperatorMessage,
        chat: ChatRecord,
        author: OperatorRecord?,
        visitor: VisitorRecord,
        chatID: Int64? = nil
    ) -> MessageRecord {
        let isInfo = outgoing.kind == MessageItem.Kind.info.rawValue
        var message = MessageRecord(
            id: RandomID.hex(),
            chatId: chatID ?? chat.id ?? 0,
            visitorId: visitor.id,
            clientSideId: RandomID.hex(),
            kind: outgoing.kind,
            text: outgoing.text,
            name: isInfo ? "" : author?.fullname ?? "",
            tsMicros: ChatClock.nowMicros(),
            authorId: isInfo ? nil : author?.id,
            avatar: isInfo ? nil : author?.avatar,
            edited: false
        )
        message.label = outgoing.label
        message.data = outgoing.data
        return message
    }

    /// The message a target names, if it is the visitor's.
    static func resolve(_ target: MessageTarget, change: VisitorChange) throws -> MessageRecord? {
        switch target {
        case .id(let id):
            guard let message = try change.message(id: id), message.visitorId == change.visitor.id else { return nil }
            return message
        case .label(let label):
            return try change.message(label: label)
        }
    }

    /// The quote an operator's message carries, and the quoted message's id.
    static func quote(_ request: QuoteRequest, change: VisitorChange) throws -> (QuoteItem, String?) {
        let original: MessageRecord?
        switch request {
        case .pending: return (QuoteItem(state: .pending), nil)
        case .missing: return (QuoteItem(state: .notFound), nil)
        case .lastFile: original = try change.lastFileMessage()
        case .message(let target): original = try resolve(target, change: change)
        }
        guard let original, !original.deleted else { return (QuoteItem(state: .notFound), original?.id) }
        return (QuoteItem(state: .filled, message: original.quotedSnapshot), original.id)
    }

    /// Typing stops when the operator sends something, as a person's would.
    static func stopTyping(_ change: inout VisitorChange) throws {
        guard var chat = try change.openChat(), chat.operatorTyping else { return }
        chat.operatorTyping = false
        try change.update(chat: chat)
        try change.append(.chatOperatorTyping, data: .bool(false))
    }

    /// Counts an operator message as unread by the visitor: CHAT_READ_BY_VISITOR false, UNREAD_BY_VISITOR.
    static func markUnreadByVisitor(_ change: inout VisitorChange, message: MessageRecord) throws {
        guard var chat = try change.openChat() else { return }
        let wasRead = chat.unreadByVisitorCount == 0
        chat.unreadByVisitorCount += 1
        chat.unreadByVisitorSinceTs = chat.unreadByVisitorSinceTs ?? Double(message.tsMicros) / 1_000_000
        try change.update(chat: chat)
        if wasRead { try change.append(.chatReadByVisitor, data: .bool(false)) }
        try change.append(
            .unreadByVisitor,
            value: UnreadByVisitorItem(msgCnt: chat.unreadByVisitorCount, sinceTs: chat.unreadByVisitorSinceTs)
        )
    }

    /// Marks the visitor's messages in the open chat read by the operator.
    static func readVisitorMessages(_ change: inout VisitorChange) throws {
        guard var chat = try change.openChat(), let chatID = chat.id else { return }
        for message in try change.unreadVisitorMessages(chatID: chatID) {
            try change.markReadByOperator(message)
            try change.append(.messageRead, id: message.id, data: .bool(true))
        }
        if chat.unreadByOperatorSinceTs != nil {
            chat.unreadByOperatorSinceTs = nil
            try change.update(chat: chat)
            try change.append(.chatUnreadByOperatorSinceTimestamp, data: .null)
        }
    }
}
