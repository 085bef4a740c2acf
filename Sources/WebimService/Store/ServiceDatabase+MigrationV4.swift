import GRDB

extension ServiceDatabase {
    /// The fourth schema step: an identified visitor's signed fields apart from the rest, so that custom fields and
    /// contacts can never overwrite them.
    ///
    /// Frozen once merged, like the steps before. An identified visitor stored before it keeps every field they have
    /// as signed: which of them the site signed was not recorded, and holding a field the visitor gave is the safe
    /// side.
    static func registerMigrationV4(in migrator: inout DatabaseMigrator) {
        migrator.registerMigration("v4 visitor signed fields") { db in
            try db.execute(
                sql: """
                    ALTER TABLE visitor ADD COLUMN signedFields TEXT NOT NULL DEFAULT '{}';
                    UPDATE visitor SET signedFields = fields WHERE providedId IS NOT NULL;
                    """
            )
        }
    }
}
