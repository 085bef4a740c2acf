import Foundation
import GRDB

extension HistoryStore {
    /// Moves the database a visitor kept in its own folder, by an earlier version or before the server shared a
    /// store, into this store under `owner`, then deletes the folder: history, outbox and ids continue.
    ///
    /// The copy is one transaction, and inserts what this store lacks: interrupted before the folder is deleted,
    /// it is done again and finds its rows already there.
    func adoptVisitorStore(in directory: URL, as owner: HistoryOwnerName) throws {
        let file = directory.appendingPathComponent(HistoryDatabase.fileName)
        guard FileManager.default.fileExists(atPath: file.path) else { return }
        let own = try HistoryStore(path: file.path, isShared: false)
        let rows = try own.reader.read { db in
            (
                messages: try StoredMessageRecord.fetchAll(db),
                outbox: try OutboxRecord.order(OutboxRecord.Columns.position).fetchAll(db),
                values: try VisitorValueRecord.fetchAll(db)
            )
        }
        try own.close()
        let ownerID = try self.owner(named: owner.name)
        try commits.write { db in
            let upsert = try db.cachedStatement(sql: StoredMessageRecord.upsertSQL)
            for message in rows.messages { try upsert.execute(arguments: message.upsertArguments(owner: ownerID)) }
            for var entry in rows.outbox {
                (entry.position, entry.owner) = (nil, ownerID)
                try entry.insert(db, onConflict: .ignore)
            }
            for var value in rows.values {
                value.owner = ownerID
                try value.upsert(db)
            }
        }
        try FileManager.default.removeItem(at: directory)
    }
}

extension HistoryStore {
    /// Stores `handoff` as the visitor of `visitorKey` (default chat instance), replacing the ids kept there: the
    /// session started next under that key inits as that visitor, and fetches its history from the service.
    package func adopt(_ handoff: VisitorHandoff, visitorKey: String) throws {
        let ownerID = try owner(named: HistoryOwnerName(visitorKey: visitorKey, chatInstance: "default").name)
        try commits.write { db in
            for (key, value) in handoff.storedValues {
                if let value {
                    try VisitorValueRecord(owner: ownerID, key: key.rawValue, value: value).upsert(db)
                } else {
                    _ = try VisitorValueRecord.deleteOne(db, key: ["owner": ownerID, "key": key.rawValue])
                }
            }
        }
    }
}
