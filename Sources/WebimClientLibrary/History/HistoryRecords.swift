import GRDB

/// A stored message; `id` is the client-side id the public API exposes.
struct StoredMessageRecord: Codable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "message"
    enum Columns {
        /// Not a property: a visitor's `HistoryDatabase` filters by it, and `upsertArguments(owner:)` writes it.
        static let owner = Column("owner")
        static let id = Column(CodingKeys.id)
        static let tsMicros = Column(CodingKeys.tsMicros)
        static let serverId = Column(CodingKeys.serverId)
    }

    var id: String
    var serverId: String?
    var kind: String
    var text: String
    var senderName: String
    var avatarURL: String?
    var operatorId: String?
    var tsMicros: Int64
    var read: Bool
    var canBeEdited: Bool
    var canBeReplied: Bool
    var edited: Bool
    /// The wire item as JSON (PROTOCOL.md §4.2); nil in rows written before migration v2.
    var item: String?
}

extension StoredMessageRecord {
    /// An insert that replaces the row of the same id, as one cached statement with its values in column
    /// order: GRDB's `upsert` built its SQL, and `databaseDictionary` a dictionary, for every row (`perf`,
    /// `widget-bench history`: most of the time of saving a page).
    static let upsertSQL = """
        INSERT INTO message (owner, id, serverId, kind, text, senderName, avatarURL, operatorId, tsMicros, read, \
        canBeEdited, canBeReplied, edited, item) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) \
        ON CONFLICT DO UPDATE SET serverId = excluded.serverId, kind = excluded.kind, text = excluded.text, \
        senderName = excluded.senderName, avatarURL = excluded.avatarURL, operatorId = excluded.operatorId, \
        tsMicros = excluded.tsMicros, read = excluded.read, canBeEdited = excluded.canBeEdited, \
        canBeReplied = excluded.canBeReplied, edited = excluded.edited, item = excluded.item
        """

    /// The values `upsertSQL` binds, in its order.
    func upsertArguments(owner: Int64) -> StatementArguments {
        [
            owner, id, serverId, kind, text, senderName, avatarURL, operatorId, tsMicros, read,
            canBeEdited, canBeReplied, edited, item,
        ]
    }
}

extension DerivableRequest<StoredMessageRecord> {
    /// Messages strictly older than `bound` in history order (time, then id).
    func older(than bound: (micros: Int64, id: String)?) -> Self {
        guard let bound else { return self }
        // A row value, not `time < t OR (time = t AND id < i)`: with the two times as separate parameters
        // SQLite cannot see that the OR is one range, and scans `message_order` from the newest message
        // down to the bound, so each older page cost more than the one before. The owner is an equality, and
        // `message_order` starts with it.
        return filter(sql: "(tsMicros, id) < (?, ?)", arguments: [bound.micros, bound.id])
    }

    /// Newest first, in history order.
    func newestFirst() -> Self {
        order(StoredMessageRecord.Columns.tsMicros.desc, StoredMessageRecord.Columns.id.desc)
    }
}

/// A visitor message the service has not confirmed yet; delivered in `position` order, even after a restart.
struct OutboxRecord: Codable, FetchableRecord, MutablePersistableRecord {
    static let databaseTableName = "outbox"
    enum Columns {
        static let position = Column(CodingKeys.position)
        static let owner = Column(CodingKeys.owner)
        static let clientSideId = Column(CodingKeys.clientSideId)
    }

    var position: Int64?
    /// The visitor's owner id in its store; `HistoryDatabase.enqueue(outbox:)` sets it.
    var owner: Int64 = 0
    var clientSideId: String
    var text: String
    var tsMicros: Int64
    /// What to send, as `OutboxRequest` JSON; nil in rows written before migration v2 (plain text).
    var request: String?

    mutating func didInsert(_ inserted: InsertionSuccess) { position = inserted.rowID }
}

/// One stored value of the visitor's identity (PROTOCOL.md §2.4): device id, visitor JSON, page and token.
struct VisitorValueRecord: Codable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "visitorValue"
    enum Columns {
        static let owner = Column(CodingKeys.owner)
    }

    var owner: Int64
    var key: String
    var value: String
}
