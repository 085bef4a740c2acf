import Foundation
import HTTPAPI
import WebimWire

/// What a change does to the open chat's state along the way, the same for the visitor's actions and the
/// operator's: open it, count unread messages each way, stop the operator's typing.
extension VisitorChange {
    /// Opens a chat in the queue if the visitor has none open; returns whether it did.
    mutating func openChatIfNeeded(
        clientSideID: String?,
        departmentKey: String? = nil,
        offline: Bool = false
    ) throws
        -> Bool
    {
        guard try openChat() == nil else { return false }
        var chat = ChatRecord(
            id: nil,
            visitorId: visitor.id,
            clientSideId: clientSideID ?? RandomID.hex(),
            state: ChatStateValue.queue,
            operatorId: nil,
            operatorTyping: false,
            creationTs: clock.now()
        )
        chat.departmentKey = departmentKey
        chat.offline = offline
        chat.modificationTs = chat.creationTs
        try insert(chat: &chat)
        visitor.visitState = VisitSessionStateValue.chat
        try append(.chat, value: chatItem(chat))
        try append(.visitSessionState, data: .string(VisitSessionStateValue.chat))
        return true
    }

    /// The chat a visitor's message (text, file or sticker) goes into: the open one, else a new one in the queue;
    /// and `started`, whether it is new. A message answers an operator's invitation, which it accepts.
    mutating func chatForVisitorMessage() throws -> (chatID: Int64, started: Bool) {
        let started = try openChatIfNeeded(clientSideID: nil)
        try acceptInvitation()
        guard let chatID = try openChat()?.id else { throw ServiceStoreError.noOpenChat }
        return (chatID, started)
    }

    /// The visitor's first message answers an operator's invitation: the chat goes on as `chatting` with the
    /// operator who invited (PROTOCOL.md §8.1).
    private mutating func acceptInvitation() throws {
        guard var chat = try openChat(), chat.state == ChatStateValue.invitation else { return }
        chat.state = ChatStateValue.chatting
        chat.modificationTs = clock.now()
        try update(chat: chat)
        try append(.chatState, data: .string(ChatStateValue.chatting))
    }

    /// Records that the operator has unread visitor messages from `message` on.
    mutating func markUnreadByOperator(from message: MessageRecord) throws {
        let since = Double(message.tsMicros) / 1_000_000
        guard var chat = try openChat(), chat.unreadByOperatorSinceTs == nil else { return }
        chat.unreadByOperatorSinceTs = since
        try update(chat: chat)
        try append(.chatUnreadByOperatorSinceTimestamp, data: .double(since))
    }

    /// Counts an operator message as unread by the visitor: CHAT_READ_BY_VISITOR false, UNREAD_BY_VISITOR.
    mutating func markUnreadByVisitor(_ message: MessageRecord) throws {
        guard var chat = try openChat() else { return }
        let wasRead = chat.unreadByVisitorCount == 0
        chat.unreadByVisitorCount += 1
        chat.unreadByVisitorSinceTs = chat.unreadByVisitorSinceTs ?? Double(message.tsMicros) / 1_000_000
        try update(chat: chat)
        if wasRead { try append(.chatReadByVisitor, data: .bool(false)) }
        try append(
            .unreadByVisitor,
            value: UnreadByVisitorItem(msgCnt: chat.unreadByVisitorCount, sinceTs: chat.unreadByVisitorSinceTs)
        )
    }

    /// Marks the visitor's messages in the open chat read by the operator.
    mutating func readVisitorMessages() throws {
        guard var chat = try openChat(), let chatID = chat.id else { return }
        for message in try unreadVisitorMessages(chatID: chatID) {
            try markReadByOperator(message)
            try append(.messageRead, id: message.id, data: .bool(true))
        }
        if chat.unreadByOperatorSinceTs != nil {
            chat.unreadByOperatorSinceTs = nil
            try update(chat: chat)
            try append(.chatUnreadByOperatorSinceTimestamp, data: .null)
        }
    }

    /// Typing stops when the operator sends something, as a person's would.
    mutating func stopOperatorTyping() throws {
        guard var chat = try openChat(), chat.operatorTyping else { return }
        chat.operatorTyping = false
        try update(chat: chat)
        try append(.chatOperatorTyping, data: .bool(false))
    }

    /// The open chat and the operator who writes: `operatorID`, else the chat's operator.
    func openChatAndAuthor(operatorID: Int?) throws -> (ChatRecord, OperatorRecord) {
        guard let chat = try openChat() else { throw OperatorActionError.conflict("no open chat") }
        guard let author = try `operator`(id: operatorID ?? chat.operatorId) else {
            throw OperatorActionError.conflict("no operator in the chat")
        }
        return (chat, author)
    }
}
