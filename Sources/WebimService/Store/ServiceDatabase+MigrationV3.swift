import GRDB

extension ServiceDatabase {
    /// The third schema step: each visitor's stored bytes, so that their budget holds across chats and restarts.
    ///
    /// Frozen once merged, like `v1` and `v2`. Visitors already stored are counted as the budget counts: their
    /// uploads' sizes and their messages' text in bytes.
    static func registerMigrationV3(in migrator: inout DatabaseMigrator) {
        migrator.registerMigration("v3 visitor stored bytes") { db in
            try db.execute(
                sql: """
                    ALTER TABLE visitor ADD COLUMN storedBytes INTEGER NOT NULL DEFAULT 0 CHECK (storedBytes >= 0);
                    UPDATE visitor SET storedBytes =
                        (SELECT COALESCE(SUM(size), 0) FROM file
                            WHERE file.visitorId = visitor.id AND file.fromOperator = 0)
                        + (SELECT COALESCE(SUM(length(CAST(text AS BLOB))), 0) FROM message
                            WHERE message.visitorId = visitor.id AND message.kind = 'visitor');
                    """
            )
        }
    }
}
