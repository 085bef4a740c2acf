import GRDB

/// The tables of a history store, and how a store written by an older version is brought up to date.
///
/// Every row belongs to an owner (`historyOwner`): a visitor's history, outbox and ids under one chat instance.
/// A store in a visitor's own folder has one owner; a server's shared store has one per tab.
enum HistorySchema {
    static func makeMigrator() -> DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1 messages, outbox, visitor values") { db in
            try db.execute(
                sql: """
                    CREATE TABLE message (
                        id TEXT PRIMARY KEY NOT NULL,
                        serverId TEXT UNIQUE,
                        kind TEXT NOT NULL,
                        text TEXT NOT NULL,
                        senderName TEXT NOT NULL,
                        avatarURL TEXT,
                        operatorId TEXT,
                        tsMicros INTEGER NOT NULL,
                        read BOOLEAN NOT NULL,
                        canBeEdited BOOLEAN NOT NULL,
                        canBeReplied BOOLEAN NOT NULL,
                        edited BOOLEAN NOT NULL
                    );
                    CREATE INDEX message_time ON message(tsMicros);
                    CREATE TABLE outbox (
                        position INTEGER PRIMARY KEY AUTOINCREMENT,
                        clientSideId TEXT NOT NULL UNIQUE,
                        text TEXT NOT NULL,
                        tsMicros INTEGER NOT NULL
                    );
                    CREATE TABLE visitorValue (
                        key TEXT PRIMARY KEY NOT NULL,
                        value TEXT NOT NULL
                    );
                    """
            )
        }
        migrator.registerMigration("v2 wire items and outbox requests") { db in
            // The whole wire item is kept, so that keyboards, quotes and files survive a restart; the
            // columns stay for ordering and lookups.
            try db.execute(
                sql: """
                    ALTER TABLE message ADD COLUMN item TEXT;
                    ALTER TABLE outbox ADD COLUMN request TEXT;
                    CREATE INDEX message_order ON message(tsMicros, id);
                    """
            )
        }
        migrator.registerMigration("v3 one time index") { db in
            // `message_order` (time, id) serves every query `message_time` did; one index fewer to update
            // for each message stored.
            try db.execute(sql: "DROP INDEX message_time")
        }
        migrator.registerMigration("v4 owners") { db in
            // One database for every tab of a server: each key starts with the owner, a small integer, so that
            // a visitor's page of history is one range of each index. The rows of a store from before are the
            // one owner named "" (a visitor's own folder).
            try db.execute(
                sql: """
                    CREATE TABLE historyOwner (
                        id INTEGER PRIMARY KEY,
                        name TEXT NOT NULL UNIQUE
                    );
                    INSERT INTO historyOwner (id, name)
                        SELECT 1, '' WHERE EXISTS (SELECT 1 FROM message UNION ALL SELECT 1 FROM outbox
                            UNION ALL SELECT 1 FROM visitorValue);
                    CREATE TABLE newMessage (
                        owner INTEGER NOT NULL,
                        id TEXT NOT NULL,
                        serverId TEXT,
                        kind TEXT NOT NULL,
                        text TEXT NOT NULL,
                        senderName TEXT NOT NULL,
                        avatarURL TEXT,
                        operatorId TEXT,
                        tsMicros INTEGER NOT NULL,
                        read BOOLEAN NOT NULL,
                        canBeEdited BOOLEAN NOT NULL,
                        canBeReplied BOOLEAN NOT NULL,
                        edited BOOLEAN NOT NULL,
                        item TEXT,
                        PRIMARY KEY (owner, id)
                    );
                    INSERT INTO newMessage SELECT 1, id, serverId, kind, text, senderName, avatarURL, operatorId,
                        tsMicros, read, canBeEdited, canBeReplied, edited, item FROM message;
                    DROP TABLE message;
                    ALTER TABLE newMessage RENAME TO message;
                    CREATE UNIQUE INDEX message_server ON message(owner, serverId);
                    CREATE INDEX message_order ON message(owner, tsMicros, id);
                    CREATE TABLE newOutbox (
                        position INTEGER PRIMARY KEY AUTOINCREMENT,
                        owner INTEGER NOT NULL,
                        clientSideId TEXT NOT NULL,
                        text TEXT NOT NULL,
                        tsMicros INTEGER NOT NULL,
                        request TEXT,
                        UNIQUE (owner, clientSideId)
                    );
                    INSERT INTO newOutbox SELECT position, 1, clientSideId, text, tsMicros, request FROM outbox;
                    DROP TABLE outbox;
                    ALTER TABLE newOutbox RENAME TO outbox;
                    CREATE TABLE newVisitorValue (
                        owner INTEGER NOT NULL,
                        key TEXT NOT NULL,
                        value TEXT NOT NULL,
                        PRIMARY KEY (owner, key)
                    );
                    INSERT INTO newVisitorValue SELECT 1, key, value FROM visitorValue;
                    DROP TABLE visitorValue;
                    ALTER TABLE newVisitorValue RENAME TO visitorValue;
                    """
            )
        }
        return migrator
    }
}
