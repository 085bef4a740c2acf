import GRDB

extension ServiceDatabase {
    /// Deletes visitors that never had a chat, a message or a file and opened no page since `cutoff` (seconds since
    /// 1970): every page load without a word makes one, and nothing else would ever remove them. Their pages and
    /// deltas go with them (foreign keys cascade). Returns how many were deleted.
    func pruneIdleVisitors(lastSeenBefore cutoff: Double) async throws -> Int {
        try await write { db in
            try db.execute(
                sql: """
                    DELETE FROM visitor
                    WHERE createdAt < ?
                      AND NOT EXISTS (SELECT 1 FROM chat WHERE chat.visitorId = visitor.id)
                      AND NOT EXISTS (SELECT 1 FROM message WHERE message.visitorId = visitor.id)
                      AND NOT EXISTS (SELECT 1 FROM file WHERE file.visitorId = visitor.id)
                      AND NOT EXISTS (SELECT 1 FROM page WHERE page.visitorId = visitor.id AND page.createdAt >= ?)
                    """,
                arguments: [cutoff, cutoff]
            )
            return db.changesCount
        }
    }
}

extension ServiceDatabase {
    /// Deletes visitors who chatted or sent files but neither opened a page, wrote nor uploaded since `cutoff`
    /// (seconds since 1970), with everything of theirs (foreign keys cascade). Returns the guids of the files
    /// whose rows went, so that their bytes can go too: a visitor's budget bounds what one visitor stores, and
    /// this bounds how long a visitor who left keeps it.
    func pruneRetainedVisitors(lastSeenBefore cutoff: Double) async throws -> (visitors: Int, fileGUIDs: [String]) {
        try await write { db in
            let stale = """
                FROM visitor
                WHERE createdAt < :cutoff
                  AND NOT EXISTS (SELECT 1 FROM page WHERE page.visitorId = visitor.id AND page.createdAt >= :cutoff)
                  AND NOT EXISTS (SELECT 1 FROM message
                      WHERE message.visitorId = visitor.id AND message.tsMicros >= :cutoff * 1000000)
                  AND NOT EXISTS (SELECT 1 FROM file WHERE file.visitorId = visitor.id AND file.createdAt >= :cutoff)
                """
            let arguments: StatementArguments = ["cutoff": cutoff]
            let guids = try String.fetchAll(
                db,
                sql: "SELECT guid FROM file WHERE visitorId IN (SELECT id \(stale))",
                arguments: arguments
            )
            try db.execute(sql: "DELETE \(stale)", arguments: arguments)
            return (db.changesCount, guids)
        }
    }
}
