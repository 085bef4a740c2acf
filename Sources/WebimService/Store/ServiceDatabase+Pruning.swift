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
