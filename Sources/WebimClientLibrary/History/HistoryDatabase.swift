import Foundation
import GRDB

/// The visitor's local store: message history, the outbox of unconfirmed messages, and stored ids.
///
/// One database per visitor, in its own folder so that clearing the visitor removes `-wal` and `-shm` too.
/// With local history storing off it lives in memory, through the same code.
struct HistoryDatabase: Sendable {
    private let connection: HistoryConnection

    /// Opens (creating and migrating) `history.sqlite` in `directory`.
    init(directory: URL) throws {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        connection = try HistoryConnection(
            path: directory.appendingPathComponent("history.sqlite").path,
            migrator: Self.makeMigrator()
        )
    }

    /// An in-memory store, for `isLocalHistoryStoragingEnabled = false`.
    init() throws {
        connection = try HistoryConnection(inMemory: Self.makeMigrator())
    }

    /// Closes the database, so that its files can be deleted.
    func close() throws { try connection.close() }

    private func read<Result: Sendable>(_ body: (Database) throws -> Result) throws -> Result {
        try connection.use { try $0.read(body) }
    }

    private func write<Result: Sendable>(_ body: (Database) throws -> Result) throws -> Result {
        try connection.write(body)
    }

    private static func makeMigrator() -> DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1 messages, outbox, visitor values") { db in
            try db.execute(
                sql: """
                    CREATE TABLE message (
                        id TEXT PRIMARY KEY NOT NULL,
                        serverId TEXT UNIQUE,
                        kind TEXT NOT NULL,
                        text TEXT NOT NULL,
                        senderName TEXT NOT NULL,
                        avatarURL TEXT,
                        operatorId TEXT,
                        tsMicros INTEGER NOT NULL,
                        read BOOLEAN NOT NULL,
                        canBeEdited BOOLEAN NOT NULL,
                        canBeReplied BOOLEAN NOT NULL,
                        edited BOOLEAN NOT NULL
                    );
                    CREATE INDEX message_time ON message(tsMicros);
                    CREATE TABLE outbox (
                        position INTEGER PRIMARY KEY AUTOINCREMENT,
                        clientSideId TEXT NOT NULL UNIQUE,
                        text TEXT NOT NULL,
                        tsMicros INTEGER NOT NULL
                    );
                    CREATE TABLE visitorValue (
                        key TEXT PRIMARY KEY NOT NULL,
                        value TEXT NOT NULL
                    );
                    """
            )
        }
        migrator.registerMigration("v2 wire items and outbox requests") { db in
            // The whole wire item is kept, so that keyboards, quotes and files survive a restart; the
            // columns stay for ordering and lookups.
            try db.execute(
                sql: """
                    ALTER TABLE message ADD COLUMN item TEXT;
                    ALTER TABLE outbox ADD COLUMN request TEXT;
                    CREATE INDEX message_order ON message(tsMicros, id);
                    """
            )
        }
        migrator.registerMigration("v3 one time index") { db in
            // `message_order` (time, id) serves every query `message_time` did; one index fewer to update
            // for each message stored.
            try db.execute(sql: "DROP INDEX message_time")
        }
        return migrator
    }

    // MARK: Messages

    /// Inserts or replaces messages received from the service, after returning: later reads and writes see
    /// them, and `messageChanges` has counted them already. The caller has the messages; only the copy on disk
    /// is late, and the caller logs a failure.
    func saveLater(messages: [StoredMessageRecord], onFailure: @escaping @Sendable (any Error) -> Void) {
        connection.countMessageChange()
        connection.writeLater({ db in try Self.upsert(messages, db) }, onFailure: onFailure)
    }

    /// Stores older history after returning: the caller has the messages already and knows what it stored
    /// (`messageChanges` does not move), so paging back does not wait for the disk.
    func saveLater(olderMessages messages: [StoredMessageRecord], onFailure: @escaping @Sendable (any Error) -> Void) {
        connection.writeOlderPageLater({ db in try Self.upsert(messages, db) }, onFailure: onFailure)
    }

    /// How many writes have changed the message table, but for `saveLater(olderMessages:)`'s: while it stays the
    /// same, what a session read or stored there is still what the table holds.
    var messageChanges: Int { connection.messageChangeCount }

    private static func upsert(_ messages: [StoredMessageRecord], _ db: Database) throws {
        let upsert = try db.cachedStatement(sql: StoredMessageRecord.upsertSQL)
        for message in messages { try upsert.execute(arguments: message.upsertArguments) }
    }

    /// Deletes the message the service knows by `serverID`; returns it.
    func deleteMessage(serverID: String) throws -> StoredMessageRecord? {
        connection.countMessageChange()
        return try write { db in
            let request = StoredMessageRecord.filter(StoredMessageRecord.Columns.serverId == serverID)
            let record = try request.fetchOne(db)
            try request.deleteAll(db)
            return record
        }
    }

    /// The message the service knows by `serverID`.
    func message(serverID: String) throws -> StoredMessageRecord? {
        try read { db in
            try StoredMessageRecord.filter(StoredMessageRecord.Columns.serverId == serverID).fetchOne(db)
        }
    }

    /// Whether a message with this client-side id is stored or waits in the outbox.
    func containsMessage(id: String) throws -> Bool {
        try read { db in
            try StoredMessageRecord.filter(StoredMessageRecord.Columns.id == id).isEmpty(db) == false
                || OutboxRecord.filter(OutboxRecord.Columns.clientSideId == id).isEmpty(db) == false
        }
    }

    /// The newest `limit` messages older than `bound` (time, id), oldest first; nil bound means the newest.
    func messages(before bound: (micros: Int64, id: String)?, limit: Int) throws -> [StoredMessageRecord] {
        try read { db in
            try StoredMessageRecord.all().older(than: bound).newestFirst().limit(limit).fetchAll(db).reversed()
        }
    }

    /// Every message, oldest first.
    func allMessages() throws -> [StoredMessageRecord] {
        try read { db in try StoredMessageRecord.all().newestFirst().fetchAll(db).reversed() }
    }

    /// The time of the oldest stored message.
    func oldestMessageMicros() throws -> Int64? {
        try read { db in
            try Int64.fetchOne(db, StoredMessageRecord.select(min(StoredMessageRecord.Columns.tsMicros)))
        }
    }

    /// Deletes every message (`clearHistory()`).
    func deleteAllMessages() throws {
        connection.countMessageChange()
        _ = try write { db in try StoredMessageRecord.deleteAll(db) }
    }

    /// Deletes everything: another visitor is taking over this folder (PROTOCOL.md §2.4).
    func wipe() throws {
        connection.countMessageChange()
        try write { db in
            _ = try StoredMessageRecord.deleteAll(db)
            _ = try OutboxRecord.deleteAll(db)
            _ = try VisitorValueRecord.deleteAll(db)
        }
    }

    // MARK: Outbox

    /// Keeps a message until the service confirms it.
    func enqueue(outbox entry: OutboxRecord) throws {
        var entry = entry
        try write { db in try entry.insert(db) }
    }

    /// The unconfirmed messages, in sending order.
    func outbox() throws -> [OutboxRecord] {
        try read { db in try OutboxRecord.order(OutboxRecord.Columns.position).fetchAll(db) }
    }

    /// Forgets a message the service has stored.
    func removeFromOutbox(clientSideID: String) throws {
        _ = try write { db in
            try OutboxRecord.filter(OutboxRecord.Columns.clientSideId == clientSideID).deleteAll(db)
        }
    }

    // MARK: Visitor values

    /// A stored visitor value.
    func value(forKey key: VisitorValueKey) throws -> String? {
        try read { db in try VisitorValueRecord.fetchOne(db, key: key.rawValue)?.value }
    }

    /// Stores a visitor value; nil removes it.
    func set(_ value: String?, forKey key: VisitorValueKey) throws {
        try write { db in
            if let value {
                try VisitorValueRecord(key: key.rawValue, value: value).upsert(db)
            } else {
                _ = try VisitorValueRecord.deleteOne(db, key: key.rawValue)
            }
        }
    }
}

/// The visitor values of PROTOCOL.md §2.4 that the library keeps.
enum VisitorValueKey: String {
    case deviceID = "device_id"
    case visitor
    case visitSessionID = "session_id"
    case pageID = "page_id"
    case authToken = "auth_token"
    case historyRevision = "history_revision"
    case historyEnded = "history_ended"
    case providedVisitorID = "provided_visitor_id"
}
