import GRDB

// One record per table of `ServiceDatabase`; they never leave the store module's internals.

/// A visitor, recognised on init by its id or its device id.
struct VisitorRecord: Codable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "visitor"
    enum Columns {
        static let id = Column(CodingKeys.id)
        static let deviceId = Column(CodingKeys.deviceId)
        static let revision = Column(CodingKeys.revision)
    }

    var id: String
    var deviceId: String
    var location: String
    var name: String
    var visitSessionId: String
    /// The last revision of this visitor's delta log; starts at 1 (PROTOCOL.md §2.3: never 0).
    var revision: Int
    var visitState: String
    var createdAt: Double
}

/// A page: the `page-id` / `auth-token` pair handed out by one init.
struct PageRecord: Codable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "page"
    var id: String
    var visitorId: String
    var authToken: String
    var createdAt: Double
}

/// An operator, as scenarios and the console define them.
struct OperatorRecord: Codable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "operator"
    var id: Int
    var fullname: String
    var avatar: String?
}

/// A chat of one visitor; the visitor's current chat is the newest one.
struct ChatRecord: Codable, FetchableRecord, MutablePersistableRecord {
    static let databaseTableName = "chat"
    enum Columns {
        static let id = Column(CodingKeys.id)
        static let visitorId = Column(CodingKeys.visitorId)
    }

    var id: Int64?
    var visitorId: String
    var clientSideId: String
    var state: String
    var operatorId: Int?
    var operatorTyping: Bool
    var creationTs: Double

    mutating func didInsert(_ inserted: InsertionSuccess) { id = inserted.rowID }
}

/// A message; `(visitorId, clientSideId)` is unique, which makes a re-sent message a no-op.
struct MessageRecord: Codable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "message"
    enum Columns {
        static let id = Column(CodingKeys.id)
        static let chatId = Column(CodingKeys.chatId)
        static let visitorId = Column(CodingKeys.visitorId)
        static let clientSideId = Column(CodingKeys.clientSideId)
        static let tsMicros = Column(CodingKeys.tsMicros)
    }

    var id: String
    var chatId: Int64
    var visitorId: String
    var clientSideId: String
    var kind: String
    var text: String
    var name: String
    var tsMicros: Int64
    var authorId: Int?
    var avatar: String?
    var edited: Bool
}

/// One delta item of a visitor's log, kept so that a reconnecting client gets exactly what it missed.
struct DeltaRecord: Codable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "delta"
    enum Columns {
        static let visitorId = Column(CodingKeys.visitorId)
        static let revision = Column(CodingKeys.revision)
        static let position = Column(CodingKeys.position)
    }

    var visitorId: String
    var revision: Int
    var position: Int
    /// The item as wire JSON.
    var item: String
}
