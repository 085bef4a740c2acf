import Foundation
import GRDB
import Synchronization

/// The visitor's part of a history store: message history, the outbox of unconfirmed messages, and stored ids.
///
/// In a store of its own by default: a database in the visitor's folder, so that clearing the visitor removes
/// `-wal` and `-shm` too, or in memory with local history storing off. A server's sessions share one store
/// (`SessionBuilder.set(historyStore:visitorKey:)`).
struct HistoryDatabase: Sendable {
    private let store: HistoryStore
    /// The owner of every row this visitor reads and writes.
    private let owner: Int64
    private let state: HistoryDatabaseState
    /// Whether the store is this visitor's own, closed with it.
    private let ownsStore: Bool

    /// Opens (creating and migrating) `history.sqlite` in `directory`, a store of the visitor's own.
    init(directory: URL) throws {
        let store = try HistoryStore(
            path: directory.appendingPathComponent(Self.fileName).path,
            isShared: false
        )
        try self.init(store: store, ownerName: "", ownsStore: true)
    }

    /// An in-memory store, for `isLocalHistoryStoragingEnabled = false`.
    init() throws {
        try self.init(store: try HistoryStore(), ownerName: "", ownsStore: true)
    }

    /// The visitor's part of a shared store.
    init(store: HistoryStore, owner name: HistoryOwnerName) throws {
        try self.init(store: store, ownerName: name.name, ownsStore: false)
    }

    private init(store: HistoryStore, ownerName: String, ownsStore: Bool) throws {
        self.store = store
        owner = try store.owner(named: ownerName)
        state = HistoryDatabaseState()
        self.ownsStore = ownsStore
    }

    /// The database's file in a visitor's own history folder.
    static let fileName = "history.sqlite"

    /// Ends this visitor's use of the store: a write queued later is refused, so that nothing comes back after an
    /// erasure. A store of the visitor's own is closed, so that its files can be deleted.
    func close() throws {
        state.isClosed.store(true, ordering: .relaxed)
        if ownsStore { try store.close() }
    }

    /// Reads, after the writes this visitor queued: those go through the writer, which has them in order.
    private func read<Result: Sendable>(_ body: @escaping @Sendable (Database) throws -> Result) throws -> Result {
        if state.pendingWrites.load(ordering: .relaxed) > 0 {
            return try store.commits.write(isDurable: false, body)
        }
        return try store.reader.read(body)
    }

    /// Writes, and returns once the write is done: on disk, when `isDurable`.
    private func write<Result: Sendable>(
        isDurable: Bool = true,
        _ body: @escaping @Sendable (Database) throws -> Result
    ) throws -> Result {
        try store.commits.write(isDurable: isDurable) { [state] db in
            try state.checkOpen()
            return try body(db)
        }
    }

    /// Queues a write of what the service holds too, and returns at once; reads and writes after it see it. With
    /// `pendingWritesLimit` queued already, it first waits for them: a caller that queues faster than the disk keeps
    /// up waits as a plain write would, instead of leaving an ever longer queue for the next read.
    ///
    /// Once the visitor's use of the store has ended (`close()`), it is dropped: what it would keep is a copy of what
    /// the service has, and a session that ended while a delta was on its way is no fault.
    private func writeLater(
        weight: Int = 1,
        _ body: @escaping @Sendable (Database) throws -> Void,
        onFailure: @escaping @Sendable (any Error) -> Void
    ) {
        if state.isClosed.load(ordering: .relaxed) { return }
        if state.pendingWrites.load(ordering: .relaxed) >= Self.pendingWritesLimit {
            do { try store.commits.write(isDurable: false) { _ in } } catch { onFailure(error) }
        }
        state.pendingWrites.add(1, ordering: .relaxed)
        store.commits.submit(
            GroupCommit.Write(
                body: { [state] db in
                    if !state.isClosed.load(ordering: .relaxed) { try body(db) }
                },
                weight: weight,
                // What it stores is a copy of the service's: a sync per received message would be paid for nothing.
                isDurable: false,
                done: { [state] result in
                    state.pendingWrites.subtract(1, ordering: .relaxed)
                    if case .failure(let error) = result { onFailure(error) }
                }
            )
        )
    }

    /// How many `writeLater` writes may wait: enough for a burst of messages to share a commit after
    /// `GroupCommit.copyWait`, few enough that a read behind them never waits long.
    static let pendingWritesLimit = 16

    // MARK: Messages

    /// Inserts or replaces messages received from the service, after returning: later reads and writes see
    /// them, and `messageChanges` has counted them already. The caller has the messages; only the copy on disk
    /// is late, and the caller logs a failure.
    func saveLater(messages: [StoredMessageRecord], onFailure: @escaping @Sendable (any Error) -> Void) {
        state.messageChanges.add(1, ordering: .relaxed)
        writeLater({ [owner] db in try Self.upsert(messages, owner: owner, db) }, onFailure: onFailure)
    }

    /// Stores older history after returning: the caller has the messages already and knows what it stored
    /// (`messageChanges` does not move), so paging back does not wait for the disk.
    func saveLater(olderMessages messages: [StoredMessageRecord], onFailure: @escaping @Sendable (any Error) -> Void) {
        writeLater(
            weight: GroupCommit.Write.olderPageWeight,
            { [owner] db in try Self.upsert(messages, owner: owner, db) },
            onFailure: onFailure
        )
    }

    /// How many writes have changed the message table, but for `saveLater(olderMessages:)`'s: while it stays the
    /// same, what a session read or stored there is still what the table holds.
    var messageChanges: Int { state.messageChanges.load(ordering: .relaxed) }

    private static func upsert(_ messages: [StoredMessageRecord], owner: Int64, _ db: Database) throws {
        let upsert = try db.cachedStatement(sql: StoredMessageRecord.upsertSQL)
        for message in messages { try upsert.execute(arguments: message.upsertArguments(owner: owner)) }
    }

    /// This visitor's messages.
    private var ownMessages: QueryInterfaceRequest<StoredMessageRecord> {
        StoredMessageRecord.filter(StoredMessageRecord.Columns.owner == owner)
    }

    /// This visitor's outbox.
    private var ownOutbox: QueryInterfaceRequest<OutboxRecord> {
        OutboxRecord.filter(OutboxRecord.Columns.owner == owner)
    }

    /// Deletes the message the service knows by `serverID`; returns it.
    func deleteMessage(serverID: String) throws -> StoredMessageRecord? {
        state.messageChanges.add(1, ordering: .relaxed)
        return try write { [ownMessages] db in
            let request = ownMessages.filter(StoredMessageRecord.Columns.serverId == serverID)
            let record = try request.fetchOne(db)
            try request.deleteAll(db)
            return record
        }
    }

    /// The message the service knows by `serverID`.
    func message(serverID: String) throws -> StoredMessageRecord? {
        try read { [ownMessages] db in
            try ownMessages.filter(StoredMessageRecord.Columns.serverId == serverID).fetchOne(db)
        }
    }

    /// Whether a message with this client-side id is stored or waits in the outbox.
    func containsMessage(id: String) throws -> Bool {
        try read { [ownMessages, ownOutbox] db in
            try ownMessages.filter(StoredMessageRecord.Columns.id == id).isEmpty(db) == false
                || ownOutbox.filter(OutboxRecord.Columns.clientSideId == id).isEmpty(db) == false
        }
    }

    /// The newest `limit` messages older than `bound` (time, id), oldest first; nil bound means the newest.
    func messages(before bound: (micros: Int64, id: String)?, limit: Int) throws -> [StoredMessageRecord] {
        try read { [ownMessages] db in
            try ownMessages.older(than: bound).newestFirst().limit(limit).fetchAll(db).reversed()
        }
    }

    /// Every message, oldest first.
    func allMessages() throws -> [StoredMessageRecord] {
        try read { [ownMessages] db in try ownMessages.newestFirst().fetchAll(db).reversed() }
    }

    /// The time of the oldest stored message.
    func oldestMessageMicros() throws -> Int64? {
        try read { [ownMessages] db in
            try Int64.fetchOne(db, ownMessages.select(min(StoredMessageRecord.Columns.tsMicros)))
        }
    }

    /// Deletes every message (`clearHistory()`).
    func deleteAllMessages() throws {
        state.messageChanges.add(1, ordering: .relaxed)
        _ = try write { [ownMessages] db in try ownMessages.deleteAll(db) }
    }

    /// Deletes everything: another visitor is taking over this folder (PROTOCOL.md §2.4).
    func wipe() throws {
        state.messageChanges.add(1, ordering: .relaxed)
        try write { [ownMessages, ownOutbox, owner] db in
            _ = try ownMessages.deleteAll(db)
            _ = try ownOutbox.deleteAll(db)
            _ = try VisitorValueRecord.filter(VisitorValueRecord.Columns.owner == owner).deleteAll(db)
        }
    }

    // MARK: Outbox

    /// Keeps a message until the service confirms it.
    func enqueue(outbox entry: OutboxRecord) throws {
        var entry = entry
        entry.owner = owner
        try write { [entry] db in
            var entry = entry
            try entry.insert(db)
        }
    }

    /// The unconfirmed messages, in sending order.
    func outbox() throws -> [OutboxRecord] {
        try read { [ownOutbox] db in try ownOutbox.order(OutboxRecord.Columns.position).fetchAll(db) }
    }

    /// Forgets a message the service has stored. Not synced: should a power cut bring the entry back, it is sent
    /// again with its client-side id, which the service keeps once.
    func removeFromOutbox(clientSideID: String) throws {
        _ = try write(isDurable: false) { [ownOutbox] db in
            try ownOutbox.filter(OutboxRecord.Columns.clientSideId == clientSideID).deleteAll(db)
        }
    }

    // MARK: Visitor values

    /// Every stored visitor value this version knows.
    func values() throws -> [VisitorValueKey: String] {
        try read { [owner] db in
            let rows = try VisitorValueRecord.filter(VisitorValueRecord.Columns.owner == owner).fetchAll(db)
            return Dictionary(
                rows.compactMap { row in VisitorValueKey(rawValue: row.key).map { ($0, row.value) } },
                uniquingKeysWith: { first, _ in first }
            )
        }
    }

    /// Stores visitor values in one write; a nil value removes its key.
    func set(_ values: [(VisitorValueKey, String?)]) throws {
        let values = values.map { ($0.0.rawValue, $0.1) }
        try write { [owner] db in
            for (key, value) in values {
                if let value {
                    try VisitorValueRecord(owner: owner, key: key, value: value).upsert(db)
                } else {
                    _ = try VisitorValueRecord.deleteOne(db, key: ["owner": owner, "key": key])
                }
            }
        }
    }

    /// Stores the history revision the stored messages are at, after returning, in order with them: as they are, a
    /// copy of what the service holds; lost, the next request asks from an older revision.
    func saveLater(historyRevision: String, onFailure: @escaping @Sendable (any Error) -> Void) {
        let key = VisitorValueKey.historyRevision.rawValue
        let record = VisitorValueRecord(owner: owner, key: key, value: historyRevision)
        writeLater({ db in try record.upsert(db) }, onFailure: onFailure)
    }

    /// Stores a visitor value; nil removes it.
    func set(_ value: String?, forKey key: VisitorValueKey) throws { try set([(key, value)]) }
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

/// What the copies of one visitor's `HistoryDatabase` share.
final class HistoryDatabaseState: Sendable {
    /// `writeLater` writes queued and not committed yet.
    let pendingWrites = Atomic<Int>(0)
    /// Writes that changed the message table (`HistoryDatabase.messageChanges`).
    let messageChanges = Atomic<Int>(0)
    let isClosed = Atomic<Bool>(false)

    /// Refuses a write queued after `close()`.
    func checkOpen() throws {
        if isClosed.load(ordering: .relaxed) {
            throw DatabaseError(resultCode: .SQLITE_MISUSE, message: "history closed")
        }
    }
}
