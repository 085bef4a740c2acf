import GRDB

/// The statements every message runs (a delta poll, an operator's or a visitor's send), cached.
///
/// GRDB's query interface compiles its SQL anew on every call, and SQLite then asks GRDB's authorizer about
/// every column: under a burst of operator messages that was a fifth of the service's CPU (`perf`). These
/// compile once per connection, from SQL text written once, and read and write their rows column by column
/// (`HotRows.swift`); everything less frequent keeps the query interface.
enum HotQueries {
    private static let visitorByID = "SELECT \(VisitorRecord.hotColumns) FROM visitor WHERE id = ?"

    static func visitor(_ db: Database, id: String) throws -> VisitorRecord? {
        try fetchOne(db, visitorByID, [id], VisitorRecord.init(hotRow:))
    }

    private static let visitorByPage = """
        SELECT \(VisitorRecord.hotColumns.split(separator: ", ").map { "visitor.\($0)" }.joined(separator: ", "))
        FROM page JOIN visitor ON visitor.id = page.visitorId WHERE page.id = ? AND page.authToken = ?
        """

    /// The visitor of a page, if the page exists and the token is its own: one statement instead of reading the
    /// page and then its visitor, on every delta poll and action.
    static func visitor(_ db: Database, pageID: String, authToken: String) throws -> VisitorRecord? {
        try fetchOne(db, visitorByPage, [pageID, authToken], VisitorRecord.init(hotRow:))
    }

    private static let revisionUpdate = "UPDATE visitor SET revision = ?, storedBytes = ? WHERE id = ?"

    /// Moves the visitor's revision and their stored bytes, when nothing else of the visitor changed: an operator's
    /// message changes just these two.
    static func setRevision(_ db: Database, visitorID: String, to revision: Int, storedBytes: Int64) throws {
        try db.cachedStatement(sql: revisionUpdate).execute(arguments: [revision, storedBytes, visitorID])
    }

    private static let newestChat =
        "SELECT \(ChatRecord.hotColumns) FROM chat WHERE visitorId = ? ORDER BY id DESC LIMIT 1"

    /// The visitor's newest chat, open or closed.
    static func currentChat(_ db: Database, visitorID: String) throws -> ChatRecord? {
        try fetchOne(db, newestChat, [visitorID], ChatRecord.init(hotRow:))
    }

    private static let chatUpdate = """
        UPDATE chat SET \(ChatRecord.hotValueColumns.map { "\($0) = ?" }.joined(separator: ", ")) WHERE id = ?
        """

    /// Saves every column of a chat, as GRDB's `update` does, and fails the same way when there is no such chat.
    static func update(_ db: Database, chat: ChatRecord) throws {
        guard let id = chat.id else {
            throw RecordError.recordNotFound(databaseTableName: ChatRecord.databaseTableName, key: ["id": .null])
        }
        try db.cachedStatement(sql: chatUpdate).execute(arguments: StatementArguments(chat.hotValues + [id]))
        guard db.changesCount > 0 else {
            throw RecordError.recordNotFound(
                databaseTableName: ChatRecord.databaseTableName,
                key: ["id": id.databaseValue]
            )
        }
    }

    private static let operatorByID = "SELECT \(OperatorRecord.hotColumns) FROM operator WHERE id = ?"

    static func `operator`(_ db: Database, id: Int) throws -> OperatorRecord? {
        try fetchOne(db, operatorByID, [id], OperatorRecord.init(hotRow:))
    }

    private static let messageInsert = """
        INSERT INTO message (\(MessageRecord.hotColumns.joined(separator: ", ")))
        VALUES (\(MessageRecord.hotColumns.map { _ in "?" }.joined(separator: ", ")))
        """

    static func insert(_ db: Database, message: MessageRecord) throws {
        try db.cachedStatement(sql: messageInsert).execute(arguments: StatementArguments(message.hotValues))
    }

    private static let deltaInsert = "INSERT INTO delta (visitorId, revision, position, item) VALUES (?, ?, ?, ?)"

    /// Logs one delta item of a revision.
    static func insertDelta(_ db: Database, visitorID: String, revision: Int, position: Int, item: String) throws {
        try db.cachedStatement(sql: deltaInsert).execute(arguments: [visitorID, revision, position, item])
    }

    private static let lastSeq = "SELECT MAX(historySeq) FROM message WHERE visitorId = ?"

    /// The visitor's last history sequence number; 0 before the first message.
    static func lastHistorySeq(_ db: Database, visitorID: String) throws -> Int64 {
        let last = try fetchOne(db, lastSeq, [visitorID]) { row in try row.decode(Int64?.self, atIndex: 0) }
        return (last ?? nil) ?? 0
    }

    private static let deltaItemsAfter = """
        SELECT item FROM delta WHERE visitorId = ? AND revision > ? ORDER BY revision, position
        """

    /// The logged delta items after `revision`, in order, as the JSON they were stored as.
    static func deltaItems(_ db: Database, visitorID: String, after revision: Int) throws -> [String] {
        try String.fetchAll(db.cachedStatement(sql: deltaItemsAfter), arguments: [visitorID, revision])
    }

    /// The first row of a cached statement, read in place (no copy of the row) before the statement is reset.
    private static func fetchOne<Value>(
        _ db: Database,
        _ sql: String,
        _ arguments: StatementArguments,
        _ read: (Row) throws -> Value
    ) throws -> Value? {
        let cursor = try Row.fetchCursor(db.cachedStatement(sql: sql), arguments: arguments)
        return try withExtendedLifetime(cursor) { try cursor.next().map(read) }
    }
}
