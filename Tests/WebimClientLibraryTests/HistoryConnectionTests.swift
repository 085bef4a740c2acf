import Foundation
import GRDB
import TestSupport
import Testing

@testable import WebimClientLibrary

/// Only the most recently used history databases stay open, and a closed one comes back with its data.
@Suite struct HistoryConnectionTests {
    private func migrator() -> DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1") { db in try db.execute(sql: "CREATE TABLE note (text TEXT NOT NULL)") }
        return migrator
    }

    private func openDescriptors(under directory: URL) throws -> Int {
        try FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd").count {
            let target = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/\($0)")
            return target?.hasPrefix(directory.path) == true
        }
    }

    @Test func theLeastRecentlyUsedIsClosedAndReopensWithItsData() async throws {
        try await withTemporaryDirectory { directory in
            let registry = OpenHistoryConnections(limit: 2)
            var connections: [HistoryConnection] = []
            for index in 0..<3 {
                let connection = try HistoryConnection(
                    path: directory.appendingPathComponent("\(index).sqlite").path,
                    migrator: migrator(),
                    registry: registry
                )
                try connection.use { queue in
                    try queue.write { db in try db.execute(sql: "INSERT INTO note VALUES (?)", arguments: ["n\(index)"])
                    }
                }
                connections.append(connection)
            }
            #expect(registry.count == 2)
            registry.waitForClosing()
            // Two databases open, with their -wal and -shm; the first one's files are closed.
            let first = directory.appendingPathComponent("0.sqlite").path
            #expect(try openDescriptors(under: directory) == 6)
            #expect(
                try FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd").allSatisfy {
                    (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/\($0)"))?
                        .hasPrefix(first) != true
                }
            )
            let text = try connections[0].use { queue in
                try queue.read { db in try String.fetchOne(db, sql: "SELECT text FROM note") }
            }
            #expect(text == "n0")
            #expect(registry.count == 2)
            for connection in connections { try connection.close() }
            #expect(registry.count == 0)
            #expect(try openDescriptors(under: directory) == 0)
        }
    }

    @Test func openersCloseTheirOwnVictimsWhenTheCloserFallsBehind() async throws {
        try await withTemporaryDirectory { directory in
            let registry = OpenHistoryConnections(limit: 2, closingBacklogLimit: 1)
            // A closer stuck behind slow disk syncs.
            let release = DispatchSemaphore(value: 0)
            registry.closer.async { release.wait() }
            var connections: [HistoryConnection] = []
            for index in 0..<6 {
                connections.append(
                    try HistoryConnection(
                        path: directory.appendingPathComponent("\(index).sqlite").path,
                        migrator: migrator(),
                        registry: registry
                    )
                )
            }
            // The first victim waits for the closer; the next ones went over the backlog and were closed by
            // their openers: three databases with their -wal and -shm, not six.
            #expect(try openDescriptors(under: directory) == 9)
            release.signal()
            registry.waitForClosing()
            #expect(try openDescriptors(under: directory) == 6)
            for connection in connections { try connection.close() }
        }
    }

    @Test func aBusyDatabasesLogReachesItsFileInTheBackground() async throws {
        try await withTemporaryDirectory { directory in
            let registry = OpenHistoryConnections(limit: 4)
            let path = directory.appendingPathComponent("busy.sqlite").path
            let connection = try HistoryConnection(path: path, migrator: migrator(), registry: registry)
            let size = {
                ((try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? NSNumber)?.intValue ?? 0
            }
            let before = size()
            let text = String(repeating: "x", count: 4_000)
            for _ in 0..<HistoryConnection.writesPerCheckpoint {
                try connection.write { db in try db.execute(sql: "INSERT INTO note VALUES (?)", arguments: [text]) }
            }
            registry.waitForCheckpoints()
            // Far fewer pages than the commit's own checkpoint waits for: only the background one has moved
            // the log into the database file.
            #expect(size() - before >= HistoryConnection.writesPerCheckpoint * 4_000)
            try connection.close()
        }
    }

    /// A write queued with `writeLater` is seen by every later read, survives closing (which waits for it), and
    /// never leaves more than `pendingWritesLimit` others waiting.
    @Test func queuedWritesAreSeenInOrderAndSurviveClosing() async throws {
        try await withTemporaryDirectory { directory in
            let path = directory.appendingPathComponent("later.sqlite").path
            let registry = OpenHistoryConnections(limit: 4)
            let connection = try HistoryConnection(path: path, migrator: migrator(), registry: registry)
            for index in 0..<20 {
                connection.writeLater(
                    { db in
                        // Slow enough that the queue would grow without the limit.
                        for row in 0..<200 {
                            try db.execute(sql: "INSERT INTO note VALUES (?)", arguments: ["\(index).\(row)"])
                        }
                    },
                    onFailure: { Issue.record($0) }
                )
                #expect(connection.pendingWriteCount <= HistoryConnection.pendingWritesLimit + 1)
            }
            #expect(
                try connection.use { queue in try queue.read { try Int.fetchOne($0, sql: "SELECT count(*) FROM note") }
                } == 4_000
            )
            connection.writeLater(
                { db in try db.execute(sql: "INSERT INTO note VALUES ('last')") },
                onFailure: { Issue.record($0) }
            )
            try connection.close()
            let reopened = try DatabaseQueue(path: path)
            #expect(
                try reopened.read { try String.fetchOne($0, sql: "SELECT text FROM note WHERE rowid = 4001") } == "last"
            )
            try reopened.close()
        }
    }

    /// The page cache's size, in KiB.
    private func cacheKiB(_ connection: HistoryConnection) throws -> Int {
        try connection.use { queue in try queue.read { -(try Int.fetchOne($0, sql: "PRAGMA cache_size") ?? 0) } }
    }

    /// Paging back grows the page cache, and a quiet spell shrinks it again, so that an idle tab stays light.
    @Test func pagingBackGrowsTheCacheUntilPagingGoesQuiet() async throws {
        try await withTemporaryDirectory { directory in
            let connection = try HistoryConnection(
                path: directory.appendingPathComponent("paging.sqlite").path,
                migrator: migrator(),
                registry: OpenHistoryConnections(limit: 4),
                pagingQuietTime: .milliseconds(200)
            )
            #expect(try cacheKiB(connection) == HistoryConnection.usualCacheKiB)
            connection.writeOlderPageLater(
                { db in try db.execute(sql: "INSERT INTO note VALUES ('older')") },
                onFailure: { Issue.record($0) }
            )
            #expect(try cacheKiB(connection) == HistoryConnection.pagingCacheKiB)
            let shrank = await eventually(within: .seconds(10)) {
                (try? self.cacheKiB(connection)) == HistoryConnection.usualCacheKiB
            }
            #expect(shrank)
            try connection.close()
        }
    }
}
