import Dispatch
import Foundation
import GRDB
import Synchronization

/// One visitor's database connection: opened when used, and closed again when the process has too many open.
///
/// A widget server runs a session per browser tab. Kept open, each connection holds three descriptors
/// (the database, `-wal`, `-shm`) and a page cache, so ten thousand tabs would need thirty thousand
/// descriptors. Only the most recently used `OpenHistoryConnections.limit` stay open; another reopens
/// when its session next reads or writes.
final class HistoryConnection: Sendable {
    /// Nil for an in-memory store, which is never closed (closing it would lose it).
    private let path: String?
    private let queue: Mutex<DatabaseQueue?>
    private let registry: OpenHistoryConnections?
    /// Write transactions since the log was last handed to the background checkpoint.
    private let writesSinceCheckpoint = Atomic<Int>(0)
    private let closedForGood = Atomic<Bool>(false)
    /// `writeLater` transactions queued and not done yet.
    private let pendingWrites = Atomic<Int>(0)
    /// Writes that changed the message table, as `HistoryDatabase` counts them (`messageChanges`).
    private let messageChanges = Atomic<Int>(0)
    /// Older pages written, and whether the page cache is grown for them (`writeOlderPageLater`).
    private let paging = Mutex<(grown: Bool, writes: Int)>((false, 0))
    /// How long without an older page before the page cache shrinks back.
    private let pagingQuietTime: Duration

    /// How many write transactions make the registry checkpoint the log in the background.
    static let writesPerCheckpoint = 64
    /// Log pages past which a commit checkpoints by itself, when the background checkpoint has not kept up.
    static let backstopCheckpointPages = 4_096
    /// The page cache of every connection: history is read a page of 100 at a time through an index, and
    /// thousands of tabs each keep a connection open.
    static let usualCacheKiB = 256
    /// The page cache while a visitor pages back (`writeOlderPageLater`).
    static let pagingCacheKiB = 16_384
    /// An older page of 100 logs about 200 pages, a received message a handful: counted as this many writes, a
    /// visitor paging back has the log checkpointed in the background before the commit's backstop does it, with
    /// the next page waiting (50–80 ms, once every 20 pages).
    static let olderPageWriteWeight = 16
    /// How long a connection keeps the paging cache after the last older page, unless told otherwise.
    static let defaultPagingQuietTime = Duration.seconds(15)

    /// Opens (creating and migrating) the database at `path`.
    init(
        path: String,
        migrator: DatabaseMigrator,
        registry: OpenHistoryConnections = .shared,
        pagingQuietTime: Duration = defaultPagingQuietTime
    ) throws {
        let queue = try Self.open(path: path)
        try migrator.migrate(queue)
        self.path = path
        self.queue = Mutex(queue)
        self.registry = registry
        self.pagingQuietTime = pagingQuietTime
        registry.opened(self)
    }

    /// An in-memory database.
    init(inMemory migrator: DatabaseMigrator) throws {
        let queue = try DatabaseQueue()
        try migrator.migrate(queue)
        path = nil
        self.queue = Mutex(queue)
        registry = nil
        pagingQuietTime = Self.defaultPagingQuietTime
    }

    /// Runs `body` with the open connection, reopening it first if it was closed.
    func use<Result: Sendable>(_ body: (DatabaseQueue) throws -> Result) throws -> Result {
        var reopened = false
        let result = try queue.withLock { queue in
            let open: DatabaseQueue
            if let queue {
                open = queue
            } else {
                guard let path else { throw DatabaseError(resultCode: .SQLITE_MISUSE, message: "store closed") }
                open = try Self.open(path: path)
                queue = open
                reopened = true
            }
            return try body(open)
        }
        if reopened { registry?.opened(self) } else { registry?.used(self) }
        return result
    }

    /// Runs a write transaction. Every `writesPerCheckpoint` of them, the registry checkpoints the log on a
    /// connection of its own: left to SQLite, the commit that crosses 1,000 log pages copies and syncs them
    /// itself, and the session waited behind it (12–15 ms, for one message in about a hundred).
    func write<Result: Sendable>(_ body: (Database) throws -> Result) throws -> Result {
        let result = try use { try $0.write(body) }
        countWrite()
        return result
    }

    /// Queues a write transaction and returns at once. Later reads and writes on this connection run after it,
    /// so they see it, and closing waits for it; a failure goes to `onFailure`, on the database's queue.
    ///
    /// With `pendingWritesLimit` queued already, it first waits for them: a caller that queues faster than the
    /// disk keeps up waits as a plain `write` would, instead of leaving an ever longer queue for the next read.
    ///
    /// `weight` is how many ordinary writes this one counts as towards the next checkpoint.
    func writeLater(
        _ body: @escaping @Sendable (Database) throws -> Void,
        weight: Int = 1,
        onFailure: @escaping @Sendable (any Error) -> Void
    ) {
        do {
            try use { queue in
                if pendingWrites.load(ordering: .relaxed) >= Self.pendingWritesLimit { try queue.read { _ in } }
                pendingWrites.add(1, ordering: .relaxed)
                queue.asyncWrite(body) { [self] _, result in
                    pendingWrites.subtract(1, ordering: .relaxed)
                    if case .failure(let error) = result { onFailure(error) }
                }
            }
        } catch {
            onFailure(error)
            return
        }
        countWrite(weight: weight)
    }

    /// How many `writeLater` transactions may wait in the queue.
    static let pendingWritesLimit = 2

    /// `writeLater` for a page of older history, with the page cache grown to `pagingCacheKiB` until
    /// `pagingQuietTime` passes without another.
    ///
    /// An older page puts its rows at random places in the `id` and `serverId` indexes. With the usual cache,
    /// nearly every row read its index pages back from the file: 2.4 ms of SQLite for a page of 100 at the end of
    /// a 100,000-message history, 0.85 ms with 16 MiB (`widget-bench history`). An idle tab keeps the small cache.
    func writeOlderPageLater(
        _ body: @escaping @Sendable (Database) throws -> Void,
        onFailure: @escaping @Sendable (any Error) -> Void
    ) {
        let grows = paging.withLock { paging in
            paging.writes += 1
            defer { paging.grown = true }
            return !paging.grown
        }
        // In every such write, so that a connection reopened meanwhile grows its cache too.
        writeLater(
            { db in
                try db.execute(sql: "PRAGMA cache_size = -\(Self.pagingCacheKiB)")
                try body(db)
            },
            weight: Self.olderPageWriteWeight,
            onFailure: onFailure
        )
        if grows { shrinkCacheWhenPagingStops() }
    }

    private func shrinkCacheWhenPagingStops() {
        Task { [weak self, pagingQuietTime] in
            var seen = -1
            while true {
                try? await Task.sleep(for: pagingQuietTime)
                guard let self, !self.shrinkCacheIfQuiet(since: &seen) else { return }
            }
        }
    }

    /// Shrinks the page cache back when no older page was written since `seen`; true when it did.
    private func shrinkCacheIfQuiet(since seen: inout Int) -> Bool {
        paging.withLock { paging in
            guard paging.writes == seen else {
                seen = paging.writes
                return false
            }
            paging.grown = false
            // Queued behind the older pages' writes, while holding `paging`: a write that grows the cache again
            // is queued after this. A closed connection reopens with the usual cache.
            queue.withLock { queue in
                queue?.asyncWriteWithoutTransaction { db in
                    try? db.execute(sql: "PRAGMA cache_size = -\(Self.usualCacheKiB)")
                }
            }
            return true
        }
    }

    /// `writeLater` transactions queued and not done yet.
    var pendingWriteCount: Int { pendingWrites.load(ordering: .relaxed) }

    private func countWrite(weight: Int = 1) {
        if let path, let registry,
            writesSinceCheckpoint.add(weight, ordering: .relaxed).newValue >= Self.writesPerCheckpoint
        {
            writesSinceCheckpoint.store(0, ordering: .relaxed)
            registry.checkpointSoon(self, path: path)
        }
    }

    /// Counts a write that changes the message table.
    func countMessageChange() { messageChanges.add(1, ordering: .relaxed) }

    var messageChangeCount: Int { messageChanges.load(ordering: .relaxed) }

    /// Whether `close()` ended this connection: a background checkpoint must not open its files again.
    var isClosedForGood: Bool { closedForGood.load(ordering: .relaxed) }

    /// Closes the connection unless a session is using it right now; true when it is closed.
    func closeIfIdle() -> Bool {
        let closed: Bool? = queue.withLockIfAvailable { queue in
            try? queue?.close()
            queue = nil
            return true
        }
        return closed == true
    }

    /// Closes the connection for good (the session is destroyed, or its files are about to be deleted).
    func close() throws {
        guard path != nil else { return }
        closedForGood.store(true, ordering: .relaxed)
        try queue.withLock { queue in
            try queue?.close()
            queue = nil
        }
        registry?.forget(self)
    }

    private static func open(path: String) throws -> DatabaseQueue {
        var configuration = GRDB.Configuration()
        configuration.journalMode = .wal
        configuration.busyMode = .timeout(10)
        configuration.prepareDatabase { db in
            try db.execute(sql: "PRAGMA cache_size = -\(Self.usualCacheKiB)")
            try db.execute(sql: "PRAGMA wal_autocheckpoint = \(backstopCheckpointPages)")
        }
        let queue = try DatabaseQueue(path: path, configuration: configuration)
        // The outbox's commit is what a 202 promises: with `synchronous = FULL` the log is synced before a commit
        // returns, so a power cut cannot take it back (https://www.sqlite.org/pragma.html#pragma_synchronous).
        // GRDB sets NORMAL when it turns WAL on, after `prepareDatabase`, so this comes after opening.
        try queue.writeWithoutTransaction { try $0.execute(sql: "PRAGMA synchronous = FULL") }
        return queue
    }
}

/// The history connections open in this process, so that the least recently used can be closed, and their logs
/// checkpointed in the background.
final class OpenHistoryConnections: Sendable {
    /// Enough for a thousand busy tabs; 3,072 descriptors at most, well below the usual limits.
    static let shared = OpenHistoryConnections(limit: 1024)

    let limit: Int
    private let state = Mutex(State())
    /// How far the closer may fall behind before openers close their victims themselves.
    let closingBacklogLimit: Int
    /// Closes evicted connections, off the sessions' paths.
    let closer = DispatchQueue(label: "webim.history.closer")
    /// Connections handed to the closer and not closed yet.
    private let closing = Atomic<Int>(0)
    /// Checkpoints logs, one database at a time, each on a connection of its own.
    private let checkpointer = DispatchQueue(label: "webim.history.checkpointer")
    private let checkpointsPending = Mutex<Set<ObjectIdentifier>>([])

    private struct State {
        var lastUse: [ObjectIdentifier: (connection: HistoryConnection, tick: UInt64)] = [:]
        var clock: UInt64 = 0
    }

    init(limit: Int, closingBacklogLimit: Int = 64) {
        self.limit = limit
        self.closingBacklogLimit = closingBacklogLimit
    }

    /// How many are open now.
    var count: Int { state.withLock { $0.lastUse.count } }

    func used(_ connection: HistoryConnection) {
        state.withLock { state in
            state.clock += 1
            // Also re-tracks one that was picked for closing while its session was using it.
            state.lastUse[ObjectIdentifier(connection)] = (connection, state.clock)
        }
    }

    /// Records a newly opened connection; over the limit, the least recently used others are closed.
    ///
    /// They are closed on a queue of their own: closing checkpoints the WAL, and a session must not wait
    /// for another's disk writes (nor hold this registry's lock while they happen).
    func opened(_ connection: HistoryConnection) {
        let victims = state.withLock { state -> [HistoryConnection] in
            state.clock += 1
            state.lastUse[ObjectIdentifier(connection)] = (connection, state.clock)
            // Usually one over: a scan for the oldest, not a sort of them all, on this busy path.
            var victims: [HistoryConnection] = []
            while state.lastUse.count > limit,
                let oldest = state.lastUse.lazy.filter({ $0.key != ObjectIdentifier(connection) })
                    .min(by: { $0.value.tick < $1.value.tick })
            {
                state.lastUse[oldest.key] = nil
                victims.append(oldest.value.connection)
            }
            return victims
        }
        guard !victims.isEmpty else { return }
        let backlog = closing.add(victims.count, ordering: .relaxed).newValue
        guard backlog <= closingBacklogLimit else {
            // Each close checkpoints and syncs to disk: when sessions open databases faster than one queue
            // closes them, the opener closes its own victims, so that open descriptors stay bounded (10,000
            // tabs under a burst ran out of them otherwise).
            Self.close(victims)
            closing.subtract(victims.count, ordering: .relaxed)
            return
        }
        closer.async { [self] in
            Self.close(victims)
            closing.subtract(victims.count, ordering: .relaxed)
        }
    }

    /// One in use right now stays open; its next use tracks it again.
    private static func close(_ victims: [HistoryConnection]) {
        for victim in victims { _ = victim.closeIfIdle() }
    }

    /// Returns once the connections already picked for closing are closed.
    func waitForClosing() { closer.sync {} }

    /// Checkpoints the connection's log in the background (a passive checkpoint, which never waits for the
    /// session), unless one is already pending for it.
    func checkpointSoon(_ connection: HistoryConnection, path: String) {
        let id = ObjectIdentifier(connection)
        guard checkpointsPending.withLock({ $0.insert(id).inserted }) else { return }
        checkpointer.async { [weak connection, self] in
            defer { _ = checkpointsPending.withLock { $0.remove(id) } }
            // A store closed for good may be deleted next; opening it would create it again.
            guard let connection, !connection.isClosedForGood, FileManager.default.fileExists(atPath: path) else {
                return
            }
            // A failed checkpoint is made up by the next one, or by the commit's backstop.
            var configuration = GRDB.Configuration()
            configuration.busyMode = .timeout(10)
            guard let queue = try? DatabaseQueue(path: path, configuration: configuration) else { return }
            _ = try? queue.writeWithoutTransaction { try $0.checkpoint(.passive) }
            try? queue.close()
        }
    }

    /// Returns once the checkpoints already asked for are done.
    func waitForCheckpoints() { checkpointer.sync {} }

    func forget(_ connection: HistoryConnection) {
        _ = state.withLock { $0.lastUse.removeValue(forKey: ObjectIdentifier(connection)) }
    }
}
