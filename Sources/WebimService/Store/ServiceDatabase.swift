public import Foundation
import GRDB
public import HTTPAPI
import PrivateFiles
import WebimWire

/// The service's own SQLite database: visitors, pages, operators, chats, messages and each visitor's delta log.
///
/// All SQL of the service lives here and in `VisitorChange`. Every change to a visitor goes through
/// `change(visitorID:_:)`, which bumps the visitor's revision and logs the delta items in one transaction,
/// so a client that reconnects with its `since` revision gets exactly what it missed, even after a restart.
public struct ServiceDatabase: Sendable {
    /// The time every record and expiry is written with.
    let clock: ServerClock
    private let writer: any DatabaseWriter
    /// A connection of its own for `checkpoint()`, so that syncing the log to disk never holds up the writer.
    private let checkpointer: DatabaseQueue

    /// Opens (creating and migrating) `service.sqlite` in `directory`; times come from `clock`.
    public init(directory: URL, clock: ServerClock = .system) throws {
        self.clock = clock
        let path = directory.appendingPathComponent("service.sqlite").path
        // The chats of every visitor: the folder 0700 and the database 0600 before SQLite opens it, which gives its
        // `-wal` and `-shm` the same mode.
        try PrivateFiles.prepareDatabase(atPath: path)
        var configuration = Configuration()
        configuration.foreignKeysEnabled = true
        // Under thousands of sessions a write can briefly meet a reader's WAL bookkeeping (SQLITE_BUSY);
        // waiting a moment beats answering `internal_error`, which the client takes as fatal.
        configuration.busyMode = .timeout(10)
        // SQLite checkpoints inside the commit that crosses 1,000 log pages: that commit writes and syncs
        // megabytes while every change queued behind it waits (one operator message in about 150 took 15 ms
        // instead of 2). `checkpoint()` does it off the writer's path; the commit keeps it only as a backstop.
        configuration.prepareDatabase { db in
            try db.execute(sql: "PRAGMA wal_autocheckpoint = \(Self.backstopCheckpointPages)")
        }
        let pool = try DatabasePool(path: path, configuration: configuration)
        // A stored message is what the service's answer promises: with `synchronous = FULL` the log is synced
        // before a commit returns, so a power cut cannot take it back. GRDB sets NORMAL when it turns WAL on,
        // after `prepareDatabase`, so this comes after opening (only the writer commits).
        try pool.writeWithoutTransaction { try $0.execute(sql: "PRAGMA synchronous = FULL") }
        writer = pool
        try Self.makeMigrator().migrate(writer)
        var checkpointing = Configuration()
        checkpointing.busyMode = .timeout(10)
        checkpointer = try DatabaseQueue(path: path, configuration: checkpointing)
    }

    /// The writer's `PRAGMA synchronous` (2 is FULL), for the test that holds every database to it.
    func writerSynchronousMode() async throws -> Int {
        try await writer.write { db in try Int.fetchOne(db, sql: "PRAGMA synchronous") ?? -1 }
    }

    /// Log pages (4 KiB each) past which a commit checkpoints by itself, when `checkpoint()` has not kept up.
    static let backstopCheckpointPages = 16_384

    /// Copies what the write-ahead log holds into the database file without waiting for readers or the
    /// writer (a passive checkpoint), on a connection of its own.
    func checkpoint() async throws {
        try await checkpointer.writeWithoutTransaction { db in _ = try db.checkpoint(.passive) }
    }

    /// The visitor an init names, created (with its seeded history) when it is new.
    ///
    /// Lookup order: the provided visitor id (`visitor-ext`), the provided auth token, the `visitor` JSON's id,
    /// then the device id (PROTOCOL.md §11.2).
    /// A known visitor who inits at another location now visits that one (`WebimSession.change(location:)`).
    private static func moved(_ visitor: VisitorRecord, to location: String, db: Database) throws -> VisitorRecord {
        guard visitor.location != location else { return visitor }
        var moved = visitor
        moved.location = location
        try moved.update(db)
        return moved
    }

    func findOrCreateVisitor(_ identity: VisitorIdentity, seed: HistorySeed?) async throws -> VisitorRecord {
        try await writer.write { db in
            if let providedID = identity.providedID {
                if var visitor = try VisitorRecord.filter(VisitorRecord.Columns.providedId == providedID).fetchOne(db) {
                    // The site's newest signature wins: a changed e-mail or name on its side shows at once.
                    let signed = visitor
                    visitor.sign(fields: identity.signedFields)
                    if visitor != signed { try visitor.update(db) }
                    return try Self.moved(visitor, to: identity.location, db: db)
                }
            } else if let token = identity.providedAuthToken {
                if let visitor = try VisitorRecord.filter(VisitorRecord.Columns.providedAuthToken == token).fetchOne(db)
                {
                    return try Self.moved(visitor, to: identity.location, db: db)
                }
            } else {
                if let visitorID = identity.visitorID, let visitor = try VisitorRecord.fetchOne(db, key: visitorID) {
                    return try Self.moved(visitor, to: identity.location, db: db)
                }
                if let visitor = try VisitorRecord.filter(
                    VisitorRecord.Columns.deviceId == identity.deviceID && VisitorRecord.Columns.providedId == nil
                        && VisitorRecord.Columns.providedAuthToken == nil
                ).order(VisitorRecord.Columns.revision.desc).fetchOne(db) {
                    return try Self.moved(visitor, to: identity.location, db: db)
                }
            }
            var visitor = VisitorRecord(
                id: RandomID.hex(),
                deviceId: identity.deviceID,
                location: identity.location,
                name: "Guest",
                visitSessionId: RandomID.hex(),
                revision: 1,
                visitState: VisitSessionStateValue.idle,
                createdAt: identity.now
            )
            visitor.providedId = identity.providedID
            visitor.providedAuthToken = identity.providedAuthToken
            visitor.sign(fields: identity.signedFields)
            try visitor.insert(db)
            if let seed { try Self.seedHistory(seed, visitor: visitor, db: db) }
            return visitor
        }
    }

    /// A fresh `page-id` / `auth-token` pair for the visitor.
    func createPage(visitorID: String, now: Double) async throws -> PageRecord {
        let page = PageRecord(id: RandomID.hex(), visitorId: visitorID, authToken: RandomID.hex(), createdAt: now)
        try await writer.write { db in try page.insert(db) }
        return page
    }

    /// The visitor a page belongs to, if the page exists and the token matches.
    func visitor(pageID: String, authToken: String) async throws -> VisitorRecord? {
        try await writer.read { db in try HotQueries.visitor(db, pageID: pageID, authToken: authToken) }
    }

    /// The visitor's whole state, for a fullUpdate.
    func snapshot(visitorID: String, editingAllowed: Bool = true) async throws -> VisitorSnapshot? {
        try await writer.read { db in
            guard let visitor = try VisitorRecord.fetchOne(db, key: visitorID) else { return nil }
            return try VisitorChange(db: db, visitor: visitor, clock: clock, editingAllowed: editingAllowed).snapshot()
        }
    }

    /// A visitor by id.
    func visitor(id: String) async throws -> VisitorRecord? {
        try await writer.read { db in try HotQueries.visitor(db, id: id) }
    }

    /// The visitor of the page whose auth token this is (light mode's Bearer token, PROTOCOL.md §2.9).
    func visitor(bearerToken: String) async throws -> VisitorRecord? {
        try await writer.read { db in
            guard let page = try PageRecord.filter(PageRecord.Columns.authToken == bearerToken).fetchOne(db) else {
                return nil
            }
            return try VisitorRecord.fetchOne(db, key: page.visitorId)
        }
    }

    /// The auth token of a page, for verifying a download signature.
    func page(id: String) async throws -> PageRecord? {
        try await writer.read { db in try PageRecord.fetchOne(db, key: id) }
    }

    /// The visitor's current revision.
    func revision(visitorID: String) async throws -> Int? {
        try await writer.read { db in try VisitorRecord.fetchOne(db, key: visitorID)?.revision }
    }

    /// The visitor as it is now, and their logged delta items after `revision`, in order and as stored (wire JSON).
    func deltas(visitorID: String, after revision: Int) async throws -> (visitor: VisitorRecord?, items: [String]) {
        try await writer.read { db in
            (
                try HotQueries.visitor(db, id: visitorID),
                try HotQueries.deltaItems(db, visitorID: visitorID, after: revision)
            )
        }
    }

    /// Runs `body` in one transaction; the delta items it appends are logged under a new revision.
    /// `editingAllowed` reads, from the visitor, whether their location lets visitors edit messages.
    ///
    /// - Returns: what `body` returned, and the new revision with its items if anything was appended.
    func change<Result: Sendable>(
        visitorID: String,
        editingAllowed: @escaping @Sendable (VisitorRecord) -> Bool = { _ in true },
        _ body: @escaping @Sendable (inout VisitorChange) throws -> Result
    ) async throws -> (result: Result, logged: LoggedRevision?) {
        try await writer.write { db in
            guard let visitor = try HotQueries.visitor(db, id: visitorID) else {
                throw ServiceStoreError.unknownVisitor
            }
            var change = VisitorChange(db: db, visitor: visitor, clock: clock, editingAllowed: editingAllowed(visitor))
            let result = try body(&change)
            guard !change.items.isEmpty else {
                if change.visitor != visitor { try change.visitor.update(db) }
                return (result, nil)
            }
            var updated = change.visitor
            updated.revision = visitor.revision + 1
            var unchanged = change.visitor
            unchanged.storedBytes = visitor.storedBytes
            if unchanged == visitor {
                try HotQueries.setRevision(
                    db,
                    visitorID: visitorID,
                    to: updated.revision,
                    storedBytes: updated.storedBytes
                )
            } else {
                try updated.update(db)
            }
            for (position, item) in change.items.enumerated() {
                try HotQueries.insertDelta(
                    db,
                    visitorID: visitorID,
                    revision: updated.revision,
                    position: position,
                    item: item
                )
            }
            return (result, LoggedRevision(revision: updated.revision, items: change.items, banned: updated.banned))
        }
    }

    /// Every visitor with their current chat, newest first, for the operator console.
    func chatOverview(limit: Int) async throws -> [VisitorSnapshot] {
        try await writer.read { db in
            let visitors = try VisitorRecord.order(VisitorRecord.Columns.createdAt.desc).limit(limit).fetchAll(db)
            return try visitors.map { try VisitorChange(db: db, visitor: $0, clock: clock).snapshot() }
        }
    }

    /// Reads through the writer, for the store's other extensions.
    func read<Value: Sendable>(_ body: @escaping @Sendable (Database) throws -> Value) async throws -> Value {
        try await writer.read(body)
    }

    /// Writes synchronously, for start-up before anything is served.
    func writeNow<Value>(_ body: (Database) throws -> Value) throws -> Value {
        try writer.write(body)
    }

    /// Writes through the writer, for the store's other extensions.
    func write<Value: Sendable>(_ body: @escaping @Sendable (Database) throws -> Value) async throws -> Value {
        try await writer.write(body)
    }
}

/// Store failures that are not the client's fault.
enum ServiceStoreError: Error {
    /// A change named a visitor that does not exist.
    case unknownVisitor
    /// A change needed the visitor's open chat and there was none.
    case noOpenChat
}

/// One revision of a visitor's delta log as a change wrote it: its items (wire JSON, in order) and whether the
/// visitor was banned when it committed.
struct LoggedRevision: Sendable, Equatable {
    var revision: Int
    var items: [String]
    var banned: Bool
}
