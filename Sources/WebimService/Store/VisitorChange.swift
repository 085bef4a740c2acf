import Foundation
import GRDB
import HTTPAPI
import WebimWire

/// One transaction on one visitor: intention-named reads and writes, and the delta items they produce.
struct VisitorChange {
    let db: Database
    var visitor: VisitorRecord
    /// The visitor as the change found them, so that what grew in their row is charged (`StorageGuard.settle`).
    let visitorBefore: VisitorRecord
    /// The service's clock, for the times this change writes.
    let clock: ServerClock
    /// Whether the visitor's location lets visitors edit and delete their messages.
    let editingAllowed: Bool
    /// The delta items this change appends to the visitor's log, as wire JSON.
    private(set) var items: [String] = []
    /// Bytes this change stored that neither its delta items nor the visitor's row show: uploads on disk, recorded
    /// events (`StorageGuard.settle` charges them with the rest).
    private(set) var unloggedBytes: Int64 = 0
    /// The current chat as this change last read or wrote it: an operator's message asks for it four times.
    private let currentChatMemo = CurrentChatMemo()

    init(db: Database, visitor: VisitorRecord, clock: ServerClock, editingAllowed: Bool = true) {
        self.db = db
        self.visitor = visitor
        self.visitorBefore = visitor
        self.clock = clock
        self.editingAllowed = editingAllowed
    }

    /// Appends a delta item; non-message items carry the visit session id, as the real server does.
    mutating func append(
        _ type: DeltaItem.ObjectType,
        _ event: DeltaItem.Event = .update,
        id: String? = nil,
        data: JSONValue?
    ) throws {
        try append(type, event, id: id, value: data)
    }

    /// Appends a delta item whose data is a wire value.
    mutating func append(
        _ type: DeltaItem.ObjectType,
        _ event: DeltaItem.Event = .update,
        id: String? = nil,
        value: (some Encodable)?
    ) throws {
        let item = LoggedDeltaItem(objectType: type, event: event, id: id ?? visitor.visitSessionId, data: value)
        // Encoded once, straight from the wire values, in one pass (`JSONTextEncoder`): through `JSONValue` it cost
        // an encode and a decode more, and Foundation's `JSONEncoder` (a tree of boxes, then keys sorted) was a
        // twentieth of the service's CPU under a burst of operator messages, inside the transaction that holds the
        // writer. Keys go in their encoding order; clients read them by name.
        items.append(try JSONTextEncoder.encode(item))
    }

    // MARK: Chats

    /// The visitor's newest chat, open or closed.
    func currentChat() throws -> ChatRecord? {
        if let known = currentChatMemo.chat { return known }
        let chat = try HotQueries.currentChat(db, visitorID: visitor.id)
        currentChatMemo.chat = chat
        return chat
    }

    /// The current chat if it is open.
    func openChat() throws -> ChatRecord? {
        guard let chat = try currentChat(), !ChatStateValue.isClosed(chat.state) else { return nil }
        return chat
    }

    /// One of the visitor's chats by id.
    func chat(id: Int64) throws -> ChatRecord? {
        try ChatRecord.filter(ChatRecord.Columns.id == id && ChatRecord.Columns.visitorId == visitor.id).fetchOne(db)
    }

    /// Inserts a new chat, which becomes the current one. Chats are written only here and in `update(chat:)`.
    func insert(chat: inout ChatRecord) throws {
        try chat.insert(db)
        currentChatMemo.chat = .some(chat)
    }

    /// Saves a changed chat.
    func update(chat: ChatRecord) throws {
        try HotQueries.update(db, chat: chat)
        if currentChatMemo.chat??.id == chat.id { currentChatMemo.chat = .some(chat) }
    }

    /// The wire form of a chat, with its live messages, operator and ratings.
    func chatItem(_ chat: ChatRecord) throws -> ChatItem {
        let chatID = chat.id ?? 0
        let open = !ChatStateValue.isClosed(chat.state)
        let ratings = try RatingRecord.filter(RatingRecord.Columns.chatId == chatID).fetchAll(db)
        let rates = ratings.filter { $0.rating != nil }
        let answers = ratings.filter { $0.answer != nil }
        return ChatItem(
            id: Int(chatID),
            clientSideId: chat.clientSideId,
            state: chat.state,
            messages: try messages(chatID: chatID).map { $0.wireItem(editable: open && editingAllowed) },
            operator: try `operator`(id: chat.operatorId)?.wireItem,
            operatorTyping: chat.operatorTyping,
            readByVisitor: chat.unreadByVisitorCount == 0,
            unreadByVisitorMsgCnt: chat.unreadByVisitorCount,
            creationTs: chat.creationTs,
            visitorTyping: chat.visitorTyping,
            unreadByVisitorSinceTs: chat.unreadByVisitorSinceTs,
            unreadByOperatorSinceTs: chat.unreadByOperatorSinceTs,
            modificationTs: chat.modificationTs,
            offline: chat.offline,
            operatorIdToRate: rates.isEmpty
                ? nil
                : Dictionary(
                    rates.map { (String($0.operatorId), RatingItem(operatorId: $0.operatorId, rating: $0.rating)) },
                    uniquingKeysWith: { $1 }
                ),
            operatorIdToResolutionSurvey: answers.isEmpty
                ? nil
                : Dictionary(
                    answers.map { (String($0.operatorId), RatingItem(operatorId: $0.operatorId, answer: $0.answer)) },
                    uniquingKeysWith: { $1 }
                )
        )
    }

    // MARK: Operators

    /// An operator by id.
    func `operator`(id: Int?) throws -> OperatorRecord? {
        guard let id else { return nil }
        return try HotQueries.operator(db, id: id)
    }

    /// Whether the operator took part in the chat: its operator now, or the author of one of its messages.
    func operatorTookPart(operatorID: Int, chat: ChatRecord) throws -> Bool {
        if chat.operatorId == operatorID { return true }
        guard let chatID = chat.id else { return false }
        return try MessageRecord.filter(
            MessageRecord.Columns.chatId == chatID && MessageRecord.Columns.authorId == operatorID
        ).fetchCount(db) > 0
    }

    // MARK: Ratings, events, files, surveys

    /// Saves a rating or resolution answer, replacing an earlier one for the same chat and operator; its note, which
    /// no delta item carries, is charged to the visitor.
    mutating func save(rating: RatingRecord) throws {
        unloggedBytes += Int64(rating.note?.utf8.count ?? 0)
        try rating.upsert(db)
    }

    /// The rating of an operator in a chat, if any.
    func rating(chatID: Int64, operatorID: Int) throws -> RatingRecord? {
        try RatingRecord.fetchOne(db, key: ["chatId": chatID, "operatorId": operatorID])
    }

    /// Records something the visitor did; its payload is charged to them.
    mutating func record(event kind: String, chatID: Int64?, payload: String) throws {
        unloggedBytes += Int64(payload.utf8.count)
        try VisitorEventRecord(
            id: nil,
            visitorId: visitor.id,
            chatId: chatID,
            kind: kind,
            payload: payload,
            createdAt: clock.now()
        ).insert(db)
    }

    /// Whether the visitor recorded an event of this kind with this payload.
    func hasRecorded(event kind: String, payload: String) throws -> Bool {
        try VisitorEventRecord.filter(
            VisitorEventRecord.Columns.visitorId == visitor.id && VisitorEventRecord.Columns.kind == kind
                && VisitorEventRecord.Columns.payload == payload
        ).fetchCount(db) > 0
    }

    /// How many events of a kind the visitor recorded for a chat.
    func eventCount(kind: String, chatID: Int64) throws -> Int {
        try VisitorEventRecord.filter(
            VisitorEventRecord.Columns.visitorId == visitor.id && VisitorEventRecord.Columns.kind == kind
                && VisitorEventRecord.Columns.chatId == chatID
        ).fetchCount(db)
    }

    /// One of the visitor's files.
    func file(guid: String) throws -> FileRecord? {
        guard let file = try FileRecord.fetchOne(db, key: guid), file.visitorId == visitor.id else { return nil }
        return file
    }

    /// How many files the visitor sent in a chat.
    func visitorFileCount(chatID: Int64) throws -> Int {
        try FileRecord.filter(FileRecord.Columns.chatId == chatID && FileRecord.Columns.fromOperator == false)
            .fetchCount(db)
    }

    /// Saves a new or changed file.
    func save(file: FileRecord) throws { try file.save(db) }

    /// Charges an upload's bytes, already on disk, to the visitor with the rest of the change.
    mutating func charge(storedFile file: FileRecord) { unloggedBytes += file.size }

    /// Deletes a file's row.
    func delete(file: FileRecord) throws { _ = try file.delete(db) }

    /// The visitor's unfinished survey.
    func currentSurvey() throws -> SurveyRecord? {
        try SurveyRecord.filter(SurveyRecord.Columns.visitorId == visitor.id && SurveyRecord.Columns.finished == false)
            .fetchOne(db)
    }

    /// Saves a new or changed survey; its answers, rewritten whole with each one, are charged to the visitor.
    mutating func save(survey: SurveyRecord) throws {
        unloggedBytes += Int64(survey.answers.utf8.count)
        try survey.save(db)
    }

    /// Whether a provided auth token was registered.
    func isRegistered(providedAuthToken token: String) throws -> Bool {
        try ProvidedAuthTokenRecord.fetchOne(db, key: token) != nil
    }

    /// The visitor's whole state.
    func snapshot() throws -> VisitorSnapshot {
        let chat = try currentChat()
        return VisitorSnapshot(
            visitor: visitor,
            chat: try chat.map(chatItem),
            chatState: chat?.state,
            survey: try currentSurvey(),
            historyRevision: try lastHistorySeq(),
            chatDepartmentKey: chat?.departmentKey
        )
    }
}

/// A delta item as `DeltaItem` encodes it, with its data still a wire value.
private struct LoggedDeltaItem<Value: Encodable>: Encodable {
    let objectType: DeltaItem.ObjectType
    let event: DeltaItem.Event
    let id: String
    let data: Value?

    private enum CodingKeys: String, CodingKey { case objectType, event, id, data }

    func encode(to encoder: any Encoder) throws {
        // `data` is always present on the wire, as JSON null when there is nothing to say.
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(objectType, forKey: .objectType)
        try container.encode(event, forKey: .event)
        try container.encode(id, forKey: .id)
        try container.encode(data, forKey: .data)
    }
}

/// What `VisitorChange.currentChat()` last found: nil before the first read, `.some(nil)` when there is no chat.
private final class CurrentChatMemo {
    var chat: ChatRecord??
}
