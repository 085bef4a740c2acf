import GRDB
import WebimWire

/// Messages: every write takes a new history sequence number and produces its delta items.
extension VisitorChange {
    /// A chat's live messages, oldest first.
    func messages(chatID: Int64) throws -> [MessageRecord] {
        try MessageRecord.filter(MessageRecord.Columns.chatId == chatID && MessageRecord.Columns.deleted == false)
            .order(MessageRecord.Columns.tsMicros).fetchAll(db)
    }

    /// The visitor's message (of any author) with this client-side id.
    func message(clientSideID: String) throws -> MessageRecord? {
        try MessageRecord.filter(
            MessageRecord.Columns.visitorId == visitor.id && MessageRecord.Columns.clientSideId == clientSideID
        ).fetchOne(db)
    }

    /// A message by server id, whoever's it is (the caller checks ownership).
    func message(id: String) throws -> MessageRecord? { try MessageRecord.fetchOne(db, key: id) }

    /// The visitor's newest message that a scenario labelled so.
    func message(label: String) throws -> MessageRecord? {
        try MessageRecord.filter(MessageRecord.Columns.visitorId == visitor.id && MessageRecord.Columns.label == label)
            .order(MessageRecord.Columns.tsMicros.desc).fetchOne(db)
    }

    /// The visitor's live keyboards that still wait for a button.
    func pendingKeyboards() throws -> [MessageRecord] {
        try MessageRecord.filter(
            MessageRecord.Columns.visitorId == visitor.id && MessageRecord.Columns.deleted == false
                && MessageRecord.Columns.kind == MessageItem.Kind.keyboard.rawValue
        ).fetchAll(db).filter { $0.wireItem().keyboard?.state == KeyboardItem.State.pending.rawValue }
    }

    /// The visitor's newest live file message, from either side.
    func lastFileMessage() throws -> MessageRecord? {
        try MessageRecord.filter(
            MessageRecord.Columns.visitorId == visitor.id && MessageRecord.Columns.deleted == false
                && [MessageItem.Kind.fileFromVisitor.rawValue, MessageItem.Kind.fileFromOperator.rawValue]
                    .contains(MessageRecord.Columns.kind)
        ).order(MessageRecord.Columns.tsMicros.desc).fetchOne(db)
    }

    /// The visitor's messages in a chat that the operator has not read.
    func unreadVisitorMessages(chatID: Int64) throws -> [MessageRecord] {
        try MessageRecord.filter(
            MessageRecord.Columns.chatId == chatID && MessageRecord.Columns.readByOperator == false
                && MessageRecord.Columns.deleted == false
                && [MessageItem.Kind.visitor.rawValue, MessageItem.Kind.fileFromVisitor.rawValue]
                    .contains(MessageRecord.Columns.kind)
        ).fetchAll(db)
    }

    /// Marks a visitor message read by the operator; read state is not history, so the sequence stays.
    func markReadByOperator(_ message: MessageRecord) throws {
        var message = message
        message.readByOperator = true
        try message.update(db)
    }

    /// The visitor's last history sequence number; 0 before the first message.
    func lastHistorySeq() throws -> Int64 {
        try HotQueries.lastHistorySeq(db, visitorID: visitor.id)
    }

    /// Inserts a message and announces it with CHAT_MESSAGE add.
    mutating func add(_ message: MessageRecord) throws {
        var message = message
        message.historySeq = try lastHistorySeq() + 1
        try HotQueries.insert(db, message: message)
        try append(.chatMessage, .add, id: message.id, value: message.wireItem(editable: editingAllowed))
    }

    /// Saves a changed message and announces it with CHAT_MESSAGE upd when it is in the current chat,
    /// else with HISTORY_REVISION.
    mutating func replace(_ message: MessageRecord) throws {
        var message = message
        message.historySeq = try lastHistorySeq() + 1
        try message.update(db)
        if try currentChat()?.id == message.chatId {
            let open = try openChat()?.id == message.chatId
            try append(.chatMessage, id: message.id, value: message.wireItem(editable: open && editingAllowed))
        } else {
            try announceHistoryRevision()
        }
    }

    /// Marks a message deleted: CHAT_MESSAGE del, a history tombstone, and quotes of it become `not-found`.
    mutating func remove(_ message: MessageRecord) throws {
        var message = message
        message.deleted = true
        message.historySeq = try lastHistorySeq() + 1
        try message.update(db)
        if try currentChat()?.id == message.chatId {
            try append(.chatMessage, .delete, id: message.id, data: nil)
        }
        let quoting = try MessageRecord.filter(
            MessageRecord.Columns.quotedMessageId == message.id && MessageRecord.Columns.deleted == false
        ).fetchAll(db)
        for var quoter in quoting {
            quoter.quote = try MessageRecord.jsonText(QuoteItem(state: .notFound))
            try replace(quoter)
        }
        try announceHistoryRevision()
    }

    /// Marks every message outside the open chat deleted (`chat.clear_history`); returns how many.
    mutating func clearHistory(keepingChatID: Int64?) throws -> Int {
        let base = try lastHistorySeq()
        // One statement, so that clearing a 100,000-message history stays a single quick write;
        // `base + rowid` gives every tombstone its own sequence number past everything before.
        let request = MessageRecord.filter(
            MessageRecord.Columns.visitorId == visitor.id && MessageRecord.Columns.deleted == false
                && MessageRecord.Columns.chatId != (keepingChatID ?? -1)
        )
        let count = try request.updateAll(
            db,
            MessageRecord.Columns.deleted.set(to: true),
            MessageRecord.Columns.historySeq.set(to: Column.rowID + base)
        )
        if count > 0 { try announceHistoryRevision() }
        return count
    }

    /// HISTORY_REVISION with the visitor's last history sequence number, so the client asks for history.
    mutating func announceHistoryRevision() throws {
        try append(.historyRevision, value: HistoryRevisionItem(revision: lastHistorySeq()))
    }
}
