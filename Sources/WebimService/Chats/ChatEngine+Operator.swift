import Foundation
import WebimWire

/// Operator-side changes to one visitor's chat, shared by scenarios and the console API.
extension ChatEngine {
    /// An operator takes the open chat: CHAT_OPERATOR, CHAT_STATE `chatting`, and the visitor's messages are read.
    func operatorJoins(visitorID: String, operatorID: Int? = nil) async throws {
        try await change(visitorID: visitorID) { change in
            guard var chat = try change.openChat() else { throw OperatorActionError.conflict("no open chat") }
            guard let author = try change.operator(id: operatorID ?? chat.operatorId ?? Self.fallbackOperatorID) else {
                throw OperatorActionError.notFound("operator")
            }
            chat.operatorId = author.id
            chat.state = ChatStateValue.chatting
            chat.modificationTs = ChatClock.now()
            try change.update(chat: chat)
            try change.append(.chatOperator, value: author.wireItem)
            try change.append(.chatState, data: .string(ChatStateValue.chatting))
            try Self.readVisitorMessages(&change)
        }
    }

    /// Shows or hides the operator's typing in the open chat.
    func operatorTyping(visitorID: String, isTyping: Bool) async throws {
        try await change(visitorID: visitorID) { change in
            guard var chat = try change.openChat() else { throw OperatorActionError.conflict("no open chat") }
            guard chat.operatorTyping != isTyping else { return }
            chat.operatorTyping = isTyping
            try change.update(chat: chat)
            try change.append(.chatOperatorTyping, data: .bool(isTyping))
        }
    }

    /// The operator marks the visitor's messages read: MESSAGE_READ each, CHAT_UNREAD_BY_OPERATOR_SINCE_TS null.
    func operatorReads(visitorID: String) async throws {
        try await change(visitorID: visitorID) { change in try Self.readVisitorMessages(&change) }
    }

    /// Sends an operator message into the open chat; returns its server id.
    @discardableResult
    func operatorSends(visitorID: String, _ outgoing: OperatorMessage) async throws -> String {
        try await change(visitorID: visitorID) { change in
            // System and queue messages need no operator in the chat; everything else does.
            let systemKinds = [MessageItem.Kind.info.rawValue, MessageItem.Kind.operatorBusy.rawValue]
            guard let chat = try change.openChat() else { throw OperatorActionError.conflict("no open chat") }
            let author =
                systemKinds.contains(outgoing.kind) && chat.operatorId == nil && outgoing.operatorID == nil
                ? nil : try Self.openChatAndAuthor(change, operatorID: outgoing.operatorID).1
            var message = Self.operatorMessage(outgoing, chat: chat, author: author, visitor: change.visitor)
            if let quote = outgoing.quote {
                let (item, quotedID) = try Self.quote(quote, change: change)
                message.quote = try MessageRecord.jsonText(item)
                message.quotedMessageId = quotedID
            }
            try Self.stopTyping(&change)
            try change.add(message)
            if author != nil { try Self.markUnreadByVisitor(&change, message: message) }
            return message.id
        }
    }

    /// Sends a bot keyboard; `keyboard` gets the new message's id (a completed keyboard's response names it).
    @discardableResult
    func operatorSendsKeyboard(
        visitorID: String,
        label: String? = nil,
        operatorID: Int? = nil,
        keyboard: @escaping @Sendable (String) -> KeyboardItem
    ) async throws -> String {
        try await change(visitorID: visitorID) { change in
            let (chat, author) = try Self.openChatAndAuthor(change, operatorID: operatorID)
            let outgoing = OperatorMessage(kind: MessageItem.Kind.keyboard.rawValue, text: "", label: label)
            var message = Self.operatorMessage(outgoing, chat: chat, author: author, visitor: change.visitor)
            message.data = try MessageRecord.jsonText(keyboard(message.id))
            try Self.stopTyping(&change)
            try change.add(message)
            return message.id
        }
    }

    /// Sends a file as a `file_operator` message, stored in the files folder.
    @discardableResult
    func operatorSendsFile(
        visitorID: String,
        file: UploadedPart,
        caption: String? = nil,
        label: String? = nil,
        operatorID: Int? = nil
    ) async throws -> String {
        let stored = try storeFile(file, visitorID: visitorID, fromOperator: true)
        do {
            return try await sendStoredFile(
                stored,
                visitorID: visitorID,
                caption: caption,
                label: label,
                operatorID: operatorID
            )
        } catch {
            // Refused (no such visitor, no open chat): the bytes written for it must not stay behind.
            files.remove(guid: stored.guid)
            throw error
        }
    }

    private func sendStoredFile(
        _ stored: FileRecord,
        visitorID: String,
        caption: String?,
        label: String?,
        operatorID: Int?
    ) async throws -> String {
        try await change(visitorID: visitorID) { change in
            let (chat, author) = try Self.openChatAndAuthor(change, operatorID: operatorID)
            guard let chatID = chat.id else { throw OperatorActionError.conflict("no open chat") }
            var record = stored
            var message = try Self.fileMessage(
                for: record,
                visitor: change.visitor,
                chatID: chatID,
                clientSideID: RandomID.hex(),
                author: author
            )
            message.label = label
            if let caption {
                var data = message.data.flatMap {
                    try? JSONValue(parsing: Data($0.utf8))
                }
                if case .object(var members) = data {
                    members["extra_text"] = .string(caption)
                    data = .object(members)
                }
                message.data = try data.map(MessageRecord.jsonText)
            }
            record.chatId = chatID
            record.messageId = message.id
            try change.save(file: record)
            try Self.stopTyping(&change)
            try change.add(message)
            try Self.markUnreadByVisitor(&change, message: message)
            return message.id
        }
    }

    /// Moves the open chat to a department: an info message, the operator leaves and the chat waits in the queue;
    /// `operatorID` (or the department's operator, if it is online) then takes it.
    func transfer(visitorID: String, departmentKey: String, operatorID: Int? = nil) async throws {
        guard let visitor = try await database.visitor(id: visitorID) else {
            throw OperatorActionError.notFound("visitor")
        }
        let location = library.location(visitor.location)
        let departments = try await database.departments(location: location.name)
        guard let department = departments.first(where: { $0.key == departmentKey }) else {
            throw OperatorActionError.notFound("department")
        }
        // A named operator must exist before anything changes: a transfer is all or nothing.
        if let operatorID, try await !database.operators().contains(where: { $0.id == operatorID }) {
            throw OperatorActionError.notFound("operator")
        }
        let taker =
            operatorID
            ?? (OnlineStatusValue.isOnline(department.online)
                ? location.departments.first(where: { $0.key == departmentKey })?.operatorId : nil)
        try await change(visitorID: visitorID) { change in
            guard var chat = try change.openChat(), let chatID = chat.id else {
                throw OperatorActionError.conflict("no open chat")
            }
            chat.departmentKey = departmentKey
            chat.operatorId = nil
            chat.operatorTyping = false
            chat.state = ChatStateValue.queue
            try change.update(chat: chat)
            let info = OperatorMessage(
                kind: MessageItem.Kind.info.rawValue,
                text: "The chat was transferred to \(department.name)."
            )
            try change.add(Self.operatorMessage(info, chat: chat, author: nil, visitor: change.visitor, chatID: chatID))
            try change.append(.chatOperator, data: .null)
            try change.append(.chatState, data: .string(ChatStateValue.queue))
        }
        if let taker { try await operatorJoins(visitorID: visitorID, operatorID: taker) }
    }

    /// The operator used when neither a step nor the chat names one.
    static let fallbackOperatorID = 1
}
