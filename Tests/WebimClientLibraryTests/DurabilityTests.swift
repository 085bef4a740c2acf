import Foundation
import GRDB
import TestSupport
import Testing

@testable import WebimClientLibrary

/// A message the widget answered 202 for is on disk: every database the product opens syncs its log before a
/// commit returns (`synchronous = FULL`), a history connection reopened after eviction included.
@Suite struct DurabilityTests {
    @Test func historyCommitsAreSyncedEvenAfterTheConnectionIsReopened() async throws {
        try await withTemporaryDirectory { directory in
            var migrator = DatabaseMigrator()
            migrator.registerMigration("v1") { db in try db.execute(sql: "CREATE TABLE note (text TEXT NOT NULL)") }
            let registry = OpenHistoryConnections(limit: 1)
            let first = try HistoryConnection(
                path: directory.appendingPathComponent("first.sqlite").path,
                migrator: migrator,
                registry: registry
            )
            #expect(try Self.synchronousMode(of: first) == 2)
            // Opening a second closes the first; using the first again opens it anew.
            let second = try HistoryConnection(
                path: directory.appendingPathComponent("second.sqlite").path,
                migrator: migrator,
                registry: registry
            )
            registry.waitForClosing()
            #expect(try Self.synchronousMode(of: second) == 2)
            #expect(try Self.synchronousMode(of: first) == 2)
            try first.close()
            try second.close()
        }
    }

    /// The product opens SQLite in two places, both held to FULL by the tests above and `WebimServiceTests`'
    /// `DurabilityTests`; a new place must be added there too.
    @Test func everyPlaceThatOpensADatabaseIsKnown() throws {
        let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Sources")
        var opening: Set<String> = []
        let files = FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil)
        while let file = files?.nextObject() as? URL {
            guard file.pathExtension == "swift", let text = try? String(contentsOf: file, encoding: .utf8) else {
                continue
            }
            if text.contains("DatabaseQueue(path:") || text.contains("DatabasePool(path:") {
                opening.insert(file.lastPathComponent)
            }
        }
        #expect(opening == ["HistoryConnection.swift", "ServiceDatabase.swift"])
    }

    private static func synchronousMode(of connection: HistoryConnection) throws -> Int {
        try connection.use { queue in try queue.read { db in try Int.fetchOne(db, sql: "PRAGMA synchronous") ?? -1 } }
    }
}
