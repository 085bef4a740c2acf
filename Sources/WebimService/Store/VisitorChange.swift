import GRDB
import WebimWire

/// One transaction on one visitor: intention-named reads and writes, and the delta items they produce.
struct VisitorChange {
    let db: Database
    var visitor: VisitorRecord
    /// The delta items this change appends to the visitor's log.
    private(set) var items: [DeltaItem] = []

    init(db: Database, visitor: VisitorRecord) {
        self.db = db
        self.visitor = visitor
    }

    /// Appends a delta item; non-message items carry the visit session id, as the real server does.
    mutating func append(
        _ type: DeltaItem.ObjectType,
        _ event: DeltaItem.Event = .update,
        id: String? = nil,
        data: JSONValue?
    ) {
        items.append(DeltaItem(objectType: type, event: event, id: id ?? visitor.visitSessionId, data: data))
    }

    /// The visitor's newest chat, open or closed.
    func currentChat() throws -> ChatRecord? {
        try ChatRecord.filter(ChatRecord.Columns.visitorId == visitor.id).order(ChatRecord.Columns.id.desc).fetchOne(db)
    }

    /// The current chat if it is open.
    func openChat() throws -> ChatRecord? {
        guard let chat = try currentChat(), !ChatStateValue.isClosed(chat.state) else { return nil }
        return chat
    }

    /// Inserts a new chat.
    func insert(chat: inout ChatRecord) throws { try chat.insert(db) }

    /// Saves a changed chat.
    func update(chat: ChatRecord) throws { try chat.update(db) }

    /// The visitor's message with this client-side id.
    func message(clientSideID: String) throws -> MessageRecord? {
        try MessageRecord.filter(
            MessageRecord.Columns.visitorId == visitor.id && MessageRecord.Columns.clientSideId == clientSideID
        ).fetchOne(db)
    }

    /// Inserts a message.
    func insert(message: MessageRecord) throws { try message.insert(db) }

    /// Saves a changed message.
    func update(message: MessageRecord) throws { try message.update(db) }

    /// An operator by id.
    func `operator`(id: Int?) throws -> OperatorRecord? {
        guard let id else { return nil }
        return try OperatorRecord.fetchOne(db, key: id)
    }

    /// A chat's messages, oldest first.
    func messages(chatID: Int64) throws -> [MessageRecord] {
        try MessageRecord.filter(MessageRecord.Columns.chatId == chatID).order(MessageRecord.Columns.tsMicros).fetchAll(
            db
        )
    }

    /// The wire form of a chat, with its messages and operator.
    func chatItem(_ chat: ChatRecord) throws -> ChatItem {
        let chatID = chat.id ?? 0
        return ChatItem(
            id: Int(chatID),
            clientSideId: chat.clientSideId,
            state: chat.state,
            messages: try messages(chatID: chatID).map { $0.wireItem },
            operator: try `operator`(id: chat.operatorId)?.wireItem,
            operatorTyping: chat.operatorTyping,
            readByVisitor: true,
            unreadByVisitorMsgCnt: 0,
            creationTs: chat.creationTs
        )
    }

    /// The visitor's whole state.
    func snapshot() throws -> VisitorSnapshot {
        let chat = try currentChat()
        return VisitorSnapshot(visitor: visitor, chat: try chat.map(chatItem), chatState: chat?.state)
    }
}

extension MessageRecord {
    /// The wire form of this message (PROTOCOL.md §4.2).
    var wireItem: MessageItem {
        let isVisitor = kind == MessageItem.Kind.visitor.rawValue
        return MessageItem(
            id: id,
            clientSideId: clientSideId,
            chatId: String(chatId),
            kind: MessageItem.Kind(rawValue: kind) ?? .info,
            text: text,
            name: name,
            tsMicros: tsMicros,
            authorId: authorId,
            avatar: avatar,
            read: isVisitor ? false : true,
            canBeEdited: isVisitor,
            canBeReplied: true,
            edited: edited
        )
    }
}

extension OperatorRecord {
    /// The wire form of this operator (PROTOCOL.md §4.9).
    var wireItem: OperatorItem { OperatorItem(id: id, fullname: fullname, avatar: avatar) }
}
