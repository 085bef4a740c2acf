import GRDB

extension ServiceDatabase {
    /// The second schema step: message details, departments, files, ratings, surveys and visitor flags.
    ///
    /// Frozen once merged, like `v1`: later changes get a new migration.
    static func registerMigrationV2(in migrator: inout DatabaseMigrator) {
        migrator.registerMigration("v2 message details, departments, files, ratings, surveys, visitor flags") { db in
            try db.execute(
                sql: """
                    ALTER TABLE visitor ADD COLUMN providedId TEXT;
                    ALTER TABLE visitor ADD COLUMN providedAuthToken TEXT;
                    ALTER TABLE visitor ADD COLUMN fields TEXT NOT NULL DEFAULT '{}';
                    ALTER TABLE visitor ADD COLUMN prechatFields TEXT;
                    ALTER TABLE visitor ADD COLUMN pushToken TEXT;
                    ALTER TABLE visitor ADD COLUMN banned BOOLEAN NOT NULL DEFAULT 0;
                    ALTER TABLE visitor ADD COLUMN scenarioPaused BOOLEAN NOT NULL DEFAULT 0;
                    ALTER TABLE visitor ADD COLUMN emailChanges INTEGER NOT NULL DEFAULT 0;
                    CREATE UNIQUE INDEX visitor_providedId ON visitor(providedId) WHERE providedId IS NOT NULL;
                    CREATE UNIQUE INDEX visitor_providedAuthToken ON visitor(providedAuthToken)
                        WHERE providedAuthToken IS NOT NULL;
                    CREATE INDEX page_authToken ON page(authToken);

                    ALTER TABLE operator ADD COLUMN title TEXT;
                    ALTER TABLE operator ADD COLUMN additionalInfo TEXT;

                    ALTER TABLE chat ADD COLUMN departmentKey TEXT;
                    ALTER TABLE chat ADD COLUMN offline BOOLEAN NOT NULL DEFAULT 0;
                    ALTER TABLE chat ADD COLUMN unreadByVisitorCount INTEGER NOT NULL DEFAULT 0;
                    ALTER TABLE chat ADD COLUMN unreadByVisitorSinceTs DOUBLE;
                    ALTER TABLE chat ADD COLUMN unreadByOperatorSinceTs DOUBLE;
                    ALTER TABLE chat ADD COLUMN visitorTyping BOOLEAN NOT NULL DEFAULT 0;
                    ALTER TABLE chat ADD COLUMN visitorDraft TEXT;
                    ALTER TABLE chat ADD COLUMN modificationTs DOUBLE;

                    ALTER TABLE message ADD COLUMN data TEXT;
                    ALTER TABLE message ADD COLUMN quote TEXT;
                    ALTER TABLE message ADD COLUMN quotedMessageId TEXT;
                    ALTER TABLE message ADD COLUMN reaction TEXT;
                    ALTER TABLE message ADD COLUMN readByOperator BOOLEAN NOT NULL DEFAULT 0;
                    ALTER TABLE message ADD COLUMN deleted BOOLEAN NOT NULL DEFAULT 0;
                    ALTER TABLE message ADD COLUMN label TEXT;
                    ALTER TABLE message ADD COLUMN historySeq INTEGER NOT NULL DEFAULT 0;
                    UPDATE message SET historySeq = rowid;
                    CREATE INDEX message_visitor_history ON message(visitorId, historySeq);
                    CREATE INDEX message_visitor_time ON message(visitorId, tsMicros);
                    CREATE INDEX message_quotedMessageId ON message(quotedMessageId) WHERE quotedMessageId IS NOT NULL;

                    CREATE TABLE department (
                        location TEXT NOT NULL,
                        key TEXT NOT NULL,
                        name TEXT NOT NULL,
                        online TEXT NOT NULL,
                        position INTEGER NOT NULL,
                        logo TEXT,
                        localeToName TEXT,
                        PRIMARY KEY (location, key)
                    ) WITHOUT ROWID;
                    CREATE TABLE locationStatus (
                        location TEXT PRIMARY KEY NOT NULL,
                        onlineStatus TEXT NOT NULL
                    );
                    CREATE TABLE rating (
                        chatId INTEGER NOT NULL REFERENCES chat(id) ON DELETE CASCADE,
                        operatorId INTEGER NOT NULL REFERENCES operator(id),
                        rating INTEGER,
                        answer INTEGER,
                        note TEXT,
                        createdAt DOUBLE NOT NULL,
                        PRIMARY KEY (chatId, operatorId)
                    );
                    CREATE TABLE file (
                        guid TEXT PRIMARY KEY NOT NULL,
                        visitorId TEXT NOT NULL REFERENCES visitor(id) ON DELETE CASCADE,
                        chatId INTEGER REFERENCES chat(id) ON DELETE SET NULL,
                        filename TEXT NOT NULL,
                        contentType TEXT NOT NULL,
                        size INTEGER NOT NULL CHECK (size >= 0),
                        width INTEGER,
                        height INTEGER,
                        messageId TEXT,
                        fromOperator BOOLEAN NOT NULL,
                        createdAt DOUBLE NOT NULL
                    );
                    CREATE INDEX file_visitorId ON file(visitorId);
                    CREATE TABLE survey (
                        id TEXT PRIMARY KEY NOT NULL,
                        visitorId TEXT NOT NULL REFERENCES visitor(id) ON DELETE CASCADE,
                        config TEXT NOT NULL,
                        formId INTEGER NOT NULL,
                        questionIndex INTEGER NOT NULL,
                        answers TEXT NOT NULL DEFAULT '[]',
                        finished BOOLEAN NOT NULL DEFAULT 0
                    );
                    CREATE INDEX survey_visitorId ON survey(visitorId);
                    CREATE TABLE visitorEvent (
                        id INTEGER PRIMARY KEY AUTOINCREMENT,
                        visitorId TEXT NOT NULL REFERENCES visitor(id) ON DELETE CASCADE,
                        chatId INTEGER,
                        kind TEXT NOT NULL,
                        payload TEXT NOT NULL,
                        createdAt DOUBLE NOT NULL
                    );
                    CREATE INDEX visitorEvent_visitor_kind ON visitorEvent(visitorId, kind);
                    CREATE TABLE providedAuthToken (
                        token TEXT PRIMARY KEY NOT NULL,
                        name TEXT,
                        createdAt DOUBLE NOT NULL
                    );
                    """
            )
        }
    }
}
