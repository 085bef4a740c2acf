import GRDB

extension ServiceDatabase {
    /// The schema. Migrations are frozen once merged: add new ones, never edit these.
    static func makeMigrator() -> DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1 visitors, pages, operators, chats, messages, deltas") { db in
            try db.execute(
                sql: """
                    CREATE TABLE visitor (
                        id TEXT PRIMARY KEY NOT NULL,
                        deviceId TEXT NOT NULL,
                        location TEXT NOT NULL,
                        name TEXT NOT NULL,
                        visitSessionId TEXT NOT NULL UNIQUE,
                        revision INTEGER NOT NULL CHECK (revision >= 1),
                        visitState TEXT NOT NULL,
                        createdAt DOUBLE NOT NULL
                    );
                    CREATE INDEX visitor_deviceId ON visitor(deviceId);
                    CREATE TABLE page (
                        id TEXT PRIMARY KEY NOT NULL,
                        visitorId TEXT NOT NULL REFERENCES visitor(id) ON DELETE CASCADE,
                        authToken TEXT NOT NULL,
                        createdAt DOUBLE NOT NULL
                    );
                    CREATE TABLE operator (
                        id INTEGER PRIMARY KEY NOT NULL,
                        fullname TEXT NOT NULL,
                        avatar TEXT
                    );
                    CREATE TABLE chat (
                        id INTEGER PRIMARY KEY AUTOINCREMENT,
                        visitorId TEXT NOT NULL REFERENCES visitor(id) ON DELETE CASCADE,
                        clientSideId TEXT NOT NULL,
                        state TEXT NOT NULL,
                        operatorId INTEGER REFERENCES operator(id),
                        operatorTyping BOOLEAN NOT NULL DEFAULT 0,
                        creationTs DOUBLE NOT NULL
                    );
                    CREATE INDEX chat_visitorId ON chat(visitorId);
                    CREATE TABLE message (
                        id TEXT PRIMARY KEY NOT NULL,
                        chatId INTEGER NOT NULL REFERENCES chat(id) ON DELETE CASCADE,
                        visitorId TEXT NOT NULL REFERENCES visitor(id) ON DELETE CASCADE,
                        clientSideId TEXT NOT NULL,
                        kind TEXT NOT NULL,
                        text TEXT NOT NULL,
                        name TEXT NOT NULL,
                        tsMicros INTEGER NOT NULL,
                        authorId INTEGER,
                        avatar TEXT,
                        edited BOOLEAN NOT NULL DEFAULT 0,
                        UNIQUE (visitorId, clientSideId)
                    );
                    CREATE INDEX message_chat_time ON message(chatId, tsMicros);
                    CREATE TABLE delta (
                        visitorId TEXT NOT NULL REFERENCES visitor(id) ON DELETE CASCADE,
                        revision INTEGER NOT NULL,
                        position INTEGER NOT NULL,
                        item TEXT NOT NULL,
                        PRIMARY KEY (visitorId, revision, position)
                    ) WITHOUT ROWID;
                    """
            )
        }
        registerMigrationV2(in: &migrator)
        registerMigrationV3(in: &migrator)
        registerMigrationV4(in: &migrator)
        return migrator
    }
}
