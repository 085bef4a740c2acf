package import CoreMetrics
package import Foundation
import GRDB

/// A SQLite database of visitors' history, outboxes and ids: either one visitor's, in its own folder (the
/// reference's layout, and the default), or every tab's of a server, shared (`SessionBuilder.set(historyStore:…)`).
///
/// A server shares one: `widget-bench storage` measured about 145 KB of memory and three descriptors for each
/// visitor's open database, against 5 MiB and five descriptors for two thousand visitors in one (Benchmarks/
/// RESULTS.md, "History storage"). Writes from every session are committed together (`GroupCommit`). An erased
/// visitor leaves no text behind: deleted rows are overwritten (`secure_delete`), and the log is emptied after
/// an erasure.
package final class HistoryStore: Sendable {
    /// Reads that need not wait for queued writes: concurrent ones in a shared store.
    let reader: any DatabaseReader
    let commits: GroupCommit
    private let writer: any DatabaseWriter
    /// Nil for a store in memory, which has no log.
    private let checkpoint: BackgroundCheckpoint?

    /// Opens (creating and migrating) the database at `path`. `isShared`: many visitors' sessions use it at once,
    /// and read it concurrently; a visitor's own store has one connection. Its commits are counted through
    /// `metrics` (by default the program's bootstrapped backend, if any).
    package init(path: String, isShared: Bool, metrics: any MetricsFactory = MetricsSystem.factory) throws {
        try FileManager.default.createDirectory(
            at: URL(fileURLWithPath: path).deletingLastPathComponent(),
            withIntermediateDirectories: true
        )
        var configuration = GRDB.Configuration()
        configuration.journalMode = .wal
        configuration.busyMode = .timeout(10)
        configuration.prepareDatabase { db in
            // A deleted row's bytes are overwritten, in its page and in pages it frees: a kiosk's next visitor, or
            // anyone with the file, finds nothing of an erased one (`widget-bench storage`' control left 225 copies).
            try db.execute(sql: "PRAGMA secure_delete = ON")
            // Readers of a shared store (read-only connections) read a page of history at a time, through an index.
            let cacheKiB = db.configuration.readonly ? Self.readerCacheKiB : Self.cacheKiB
            try db.execute(sql: "PRAGMA cache_size = -\(cacheKiB)")
            try db.execute(sql: "PRAGMA wal_autocheckpoint = \(Self.backstopCheckpointPages)")
        }
        let writer: any DatabaseWriter =
            isShared
            ? try DatabasePool(path: path, configuration: configuration)
            : try DatabaseQueue(path: path, configuration: configuration)
        // The outbox's commit is what a 202 promises: with `synchronous = FULL` the log is synced before a commit
        // returns, so a power cut cannot take it back (https://www.sqlite.org/pragma.html#pragma_synchronous).
        // GRDB sets NORMAL when it turns WAL on, after `prepareDatabase`, so this comes after opening.
        try writer.writeWithoutTransaction { try $0.execute(sql: "PRAGMA synchronous = FULL") }
        try HistorySchema.makeMigrator().migrate(writer)
        let checkpoint = try BackgroundCheckpoint(path: path)
        (self.writer, reader, self.checkpoint) = (writer, writer, checkpoint)
        commits = GroupCommit(writer: writer, metrics: CommitMetrics(factory: metrics)) { weight in
            checkpoint.count(committed: weight)
        }
    }

    /// A store in memory, for `isLocalHistoryStoragingEnabled = false`.
    package init() throws {
        let queue = try DatabaseQueue()
        try HistorySchema.makeMigrator().migrate(queue)
        (writer, reader, checkpoint) = (queue, queue, nil)
        commits = GroupCommit(writer: queue)
    }

    /// The writer's page cache. A shared store has one writer for every tab, so its cache can be large: an older
    /// page of history puts its rows at random places in two indexes.
    static let cacheKiB = 16_384
    /// Each reader's page cache in a shared store (up to five readers).
    static let readerCacheKiB = 2_048
    /// Log pages past which a commit checkpoints by itself, when the background checkpoint has not kept up.
    static let backstopCheckpointPages = 4_096
    /// The id of the owner named `name`, created when new.
    func owner(named name: String) throws -> Int64 {
        try commits.write { db in
            try db.execute(sql: "INSERT INTO historyOwner (name) VALUES (?) ON CONFLICT DO NOTHING", arguments: [name])
            guard let id = try Int64.fetchOne(db, sql: "SELECT id FROM historyOwner WHERE name = ?", arguments: [name])
            else { throw DatabaseError(resultCode: .SQLITE_INTERNAL, message: "history owner not stored") }
            return id
        }
    }

    /// `discard`, then the log emptied, so that no copy of the visitor is left in the files: a kiosk's reset.
    package func erase(visitorKey: String) throws {
        try discard(visitorKey: visitorKey)
        if checkpoint != nil {
            // Waits for readers of older snapshots (the busy timeout), then copies the log and truncates it.
            _ = try writer.writeWithoutTransaction { db in try db.checkpoint(.truncate) }
        }
    }

    /// Deletes everything kept for the visitor of `visitorKey` (each chat instance's). The rows are overwritten in
    /// the database; the log keeps them until it is next reused or emptied.
    package func discard(visitorKey: String) throws {
        try commits.write { db in
            let owners = try Int64.fetchAll(db, sql: HistoryOwnerName.selectByVisitorSQL, arguments: [visitorKey])
            for owner in owners {
                for table in ["message", "outbox", "visitorValue"] {
                    try db.execute(sql: "DELETE FROM \(table) WHERE owner = ?", arguments: [owner])
                }
                try db.execute(sql: "DELETE FROM historyOwner WHERE id = ?", arguments: [owner])
            }
        }
    }

    /// The visitor keys that have rows, for a sweep of what no visitor folder accounts for.
    package func visitorKeys() throws -> Set<String> {
        try reader.read { db in
            let names = try String.fetchAll(db, sql: "SELECT name FROM historyOwner")
            return Set(names.map { name in name.firstIndex(of: "/").map { String(name[..<$0]) } ?? name })
        }
    }

    /// About how many bytes the visitor's rows take: their texts, wire items and outbox requests, and keys.
    package func storedBytes(visitorKey: String) throws -> Int64 {
        try reader.read { db in
            try Int64.fetchOne(
                db,
                sql: """
                    SELECT (SELECT coalesce(sum(length(CAST(text AS BLOB)) + length(CAST(coalesce(item, '') AS BLOB))
                            + 64), 0) FROM message WHERE owner IN (\(HistoryOwnerName.selectByVisitorSQL)))
                        + (SELECT coalesce(sum(length(CAST(text AS BLOB))
                            + length(CAST(coalesce(request, '') AS BLOB)) + 64), 0)
                            FROM outbox WHERE owner IN (\(HistoryOwnerName.selectByVisitorSQL)))
                    """,
                arguments: [visitorKey]
            ) ?? 0
        }
    }

    /// Which of `visitors` (each a key and its storage folder) have messages no service has confirmed (default chat
    /// instance), in one query for all of them: a server restarted with a thousand kept tabs asks this for every one
    /// at once. A visitor's own store that an older version left in its folder is adopted first.
    package func visitorKeysWithUnsentMessages(
        among visitors: [(key: String, storageDirectory: URL)]
    ) throws -> Set<String> {
        for visitor in visitors {
            let owner = HistoryOwnerName(visitorKey: visitor.key, chatInstance: "default")
            try adoptVisitorStore(in: SessionSettings.historyDirectory(in: visitor.storageDirectory), as: owner)
        }
        let withUnsent = try reader.read { db in
            try String.fetchSet(
                db,
                sql: "SELECT DISTINCT historyOwner.name FROM outbox JOIN historyOwner ON historyOwner.id = outbox.owner"
            )
        }
        return withUnsent.intersection(visitors.map(\.key))
    }

    /// Closes the files, once every queued write is done.
    func close() throws {
        try commits.write { _ in }
        try checkpoint?.close()
        try writer.close()
    }

    /// The writer's `PRAGMA synchronous` now (2 is FULL, 1 NORMAL), for the tests that hold commits to it. Asked on
    /// the writer's connection: a pool's readers have settings of their own.
    func writerSynchronousMode() throws -> Int {
        try writer.writeWithoutTransaction { db in try Int.fetchOne(db, sql: "PRAGMA synchronous") ?? -1 }
    }
}

/// How an owner is named in a store: the visitor's key, and the chat instance unless it is the default one.
struct HistoryOwnerName {
    var visitorKey: String
    var chatInstance: String

    var name: String { chatInstance == "default" ? visitorKey : "\(visitorKey)/\(chatInstance)" }

    /// The ids of every owner of one visitor key: its own name, and each `key/instance` (`/` sorts before `0`).
    static let selectByVisitorSQL = """
        SELECT id FROM historyOwner WHERE name = ?1 OR (name > ?1 || '/' AND name < ?1 || '0')
        """
}
