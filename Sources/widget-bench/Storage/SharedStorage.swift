import Foundation
import GRDB

/// One database for every visitor, with `secure_delete` so that an erased visitor's rows leave no text in free
/// pages, and a truncating checkpoint after an erasure so that none is left in the log either.
struct SharedStorage {
    let root: URL
    let shape: StorageShape
    /// Off only as the control that shows what `secure_delete` and the checkpoint are for.
    var secureDelete = true

    func measure() async throws -> StorageFigures {
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        let (baseDescriptors, baseResident) = (ProcessResources.openDescriptors, ProcessResources.residentMiB)
        let pool = try DatabasePool(
            path: root.appendingPathComponent("history.sqlite").path,
            configuration: StorageConfiguration.make(secureDelete: secureDelete)
        )
        try await pool.writeWithoutTransaction { db in
            try db.execute(sql: "PRAGMA synchronous = FULL")
            try db.execute(
                sql: """
                    CREATE TABLE message (
                        visitorId INTEGER NOT NULL, id TEXT NOT NULL, tsMicros INTEGER NOT NULL, item TEXT NOT NULL,
                        PRIMARY KEY (visitorId, id));
                    CREATE INDEX message_order ON message(visitorId, tsMicros, id);
                    """
            )
        }
        for visitor in 0..<shape.visitors {
            try await pool.write { db in
                for index in 0..<shape.messages { try insert(db, visitor: visitor, index: index) }
            }
        }
        let clock = ContinuousClock()
        var pages: [Duration] = []
        for _ in 0..<shape.pages {
            let visitor = Int.random(in: 0..<shape.visitors)
            pages.append(
                try await clock.measure {
                    _ = try await pool.read { db in
                        try String.fetchAll(
                            db,
                            sql:
                                "SELECT item FROM message WHERE visitorId = ? ORDER BY tsMicros DESC, id DESC LIMIT 100",
                            arguments: [visitor]
                        )
                    }
                }
            )
        }
        let descriptors = ProcessResources.openDescriptors - baseDescriptors
        let resident = ProcessResources.residentMiB - baseResident
        progress("shared: filled and read")
        let writes = try await clock.measure {
            try await withThrowingTaskGroup(of: Void.self) { group in
                for visitor in 0..<min(shape.writers, shape.visitors) {
                    group.addTask {
                        try await pool.write { db in try insert(db, visitor: visitor, index: shape.messages) }
                    }
                }
                try await group.waitForAll()
            }
        }
        let erase = try await clock.measure {
            try await pool.write { db in try db.execute(sql: "DELETE FROM message WHERE visitorId = 0") }
            if secureDelete {
                try await pool.writeWithoutTransaction { db in try db.execute(sql: "PRAGMA wal_checkpoint(TRUNCATE)") }
            }
        }
        let left = ProcessResources.occurrences(of: StorageShape.marker(visitor: 0), in: root)
        try pool.close()
        return StorageFigures(
            layout: secureDelete ? "one shared database" : "shared, no secure_delete (control)",
            descriptors: descriptors,
            residentMiB: resident,
            page: Summary(name: "page", timings: pages),
            reopenedPage: nil,
            concurrentWrites: writes,
            erase: erase,
            erasedTextLeft: left
        )
    }

    private func insert(_ db: Database, visitor: Int, index: Int) throws {
        try db.execute(
            sql: "INSERT INTO message (visitorId, id, tsMicros, item) VALUES (?, ?, ?, ?)",
            arguments: [
                visitor, "\(visitor)-\(index)", index, StorageConfiguration.makeItem(visitor: visitor, index: index),
            ]
        )
    }
}
