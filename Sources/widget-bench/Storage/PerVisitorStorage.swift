import Foundation
import GRDB

/// One database file per visitor, each in its own folder, as the client core keeps history.
struct PerVisitorStorage {
    let root: URL
    let shape: StorageShape

    func measure() async throws -> StorageFigures {
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        let (baseDescriptors, baseResident) = (ProcessResources.openDescriptors, ProcessResources.residentMiB)
        var open: [DatabaseQueue] = []
        for visitor in 0..<shape.visitors {
            let queue = try openDatabase(visitor)
            try await fill(queue, visitor: visitor)
            if visitor < shape.open { open.append(queue) } else { try queue.close() }
        }
        let descriptors = ProcessResources.openDescriptors - baseDescriptors
        let resident = ProcessResources.residentMiB - baseResident
        progress("per visitor: filled")
        let clock = ContinuousClock()
        var pages: [Duration] = []
        for _ in 0..<shape.pages {
            let queue = open[Int.random(in: 0..<open.count)]
            pages.append(try await clock.measure { _ = try await newestPage(queue) })
        }
        var reopened: [Duration] = []
        for _ in 0..<min(shape.pages, 500) where shape.visitors > shape.open {
            let visitor = Int.random(in: shape.open..<shape.visitors)
            reopened.append(
                try await clock.measure {
                    let queue = try openDatabase(visitor)
                    _ = try await newestPage(queue)
                    try queue.close()
                }
            )
        }
        let writers = Array(open.prefix(shape.writers))
        let writes = try await clock.measure {
            try await withThrowingTaskGroup(of: Void.self) { group in
                for (visitor, queue) in writers.enumerated() {
                    group.addTask { try await insert(queue, visitor: visitor, index: shape.messages) }
                }
                try await group.waitForAll()
            }
        }
        let erased = folder(0)
        let erase = try clock.measure {
            try open[0].close()
            try FileManager.default.removeItem(at: erased)
        }
        for queue in open.dropFirst() { try queue.close() }
        let left =
            FileManager.default.fileExists(atPath: erased.path)
            ? ProcessResources.occurrences(of: StorageShape.marker(visitor: 0), in: erased) : 0
        return StorageFigures(
            layout: "one file per visitor",
            descriptors: descriptors,
            residentMiB: resident,
            page: Summary(name: "page", timings: pages),
            reopenedPage: reopened.isEmpty ? nil : Summary(name: "reopened", timings: reopened),
            concurrentWrites: writes,
            erase: erase,
            erasedTextLeft: left
        )
    }

    private func folder(_ visitor: Int) -> URL { root.appendingPathComponent("visitor-\(visitor)") }

    private func openDatabase(_ visitor: Int) throws -> DatabaseQueue {
        let folder = folder(visitor)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let queue = try DatabaseQueue(
            path: folder.appendingPathComponent("history.sqlite").path,
            configuration: StorageConfiguration.make()
        )
        try queue.writeWithoutTransaction { db in
            try db.execute(sql: "PRAGMA synchronous = FULL")
            try db.execute(
                sql: """
                    CREATE TABLE IF NOT EXISTS message (
                        id TEXT PRIMARY KEY NOT NULL, tsMicros INTEGER NOT NULL, item TEXT NOT NULL);
                    CREATE INDEX IF NOT EXISTS message_order ON message(tsMicros, id);
                    """
            )
        }
        return queue
    }

    private func fill(_ queue: DatabaseQueue, visitor: Int) async throws {
        try await queue.write { db in
            for index in 0..<shape.messages { try insert(db, visitor: visitor, index: index) }
        }
    }

    private func insert(_ queue: DatabaseQueue, visitor: Int, index: Int) async throws {
        try await queue.write { db in try insert(db, visitor: visitor, index: index) }
    }

    private func insert(_ db: Database, visitor: Int, index: Int) throws {
        try db.execute(
            sql: "INSERT INTO message (id, tsMicros, item) VALUES (?, ?, ?)",
            arguments: ["\(visitor)-\(index)", index, StorageConfiguration.makeItem(visitor: visitor, index: index)]
        )
    }

    private func newestPage(_ queue: DatabaseQueue) async throws -> [String] {
        try await queue.read { db in
            try String.fetchAll(db, sql: "SELECT item FROM message ORDER BY tsMicros DESC, id DESC LIMIT 100")
        }
    }
}
