import GRDB

// One record per table of `ServiceDatabase`; they never leave the store module's internals.

/// A visitor, recognised on init by its id or its device id.
struct VisitorRecord: Codable, Equatable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "visitor"
    enum Columns {
        static let id = Column(CodingKeys.id)
        static let deviceId = Column(CodingKeys.deviceId)
        static let revision = Column(CodingKeys.revision)
        static let providedId = Column(CodingKeys.providedId)
        static let providedAuthToken = Column(CodingKeys.providedAuthToken)
        static let createdAt = Column(CodingKeys.createdAt)
        static let location = Column(CodingKeys.location)
        static let storedBytes = Column(CodingKeys.storedBytes)
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
    /// The id of an authorised visitor (`visitor-ext`, PROTOCOL.md §2.7).
    var providedId: String? = nil
    /// The client-generated `provided_auth_token` that identifies this visitor.
    var providedAuthToken: String? = nil
    /// Visitor fields as a JSON object (name, email, phone, custom fields).
    var fields: String = "{}"
    /// The last `prechat-key-independent-fields`, as sent.
    var prechatFields: String? = nil
    var pushToken: String? = nil
    /// A banned visitor gets `visitor_banned` on every request.
    var banned: Bool = false
    /// While paused, the visitor's scenario does nothing and a person answers.
    var scenarioPaused: Bool = false
    /// How often `chat.cont_resp` changed the e-mail.
    var emailChanges: Int = 0
    /// The bytes this visitor's conversation stored, in every chat (`StorageGuard.settle`).
    var storedBytes: Int64 = 0
    /// The fields of the last verified `visitor-ext` (a JSON object): nothing the visitor sends overwrites them.
    var signedFields: String = "{}"
}

/// A page: the `page-id` / `auth-token` pair handed out by one init.
struct PageRecord: Codable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "page"
    enum Columns {
        static let id = Column(CodingKeys.id)
        static let authToken = Column(CodingKeys.authToken)
    }

    var id: String
    var visitorId: String
    var authToken: String
    var createdAt: Double
}

/// An operator, as scenarios and the console define them.
struct OperatorRecord: Codable, Equatable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "operator"
    enum Columns {
        static let id = Column(CodingKeys.id)
    }

    var id: Int
    var fullname: String
    var avatar: String?
    var title: String? = nil
    var additionalInfo: String? = nil
}

/// A chat of one visitor; the visitor's current chat is the newest one.
struct ChatRecord: Codable, Equatable, FetchableRecord, MutablePersistableRecord {
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
    var departmentKey: String? = nil
    /// Started while the location was offline.
    var offline: Bool = false
    /// Operator messages the visitor has not read yet.
    var unreadByVisitorCount: Int = 0
    var unreadByVisitorSinceTs: Double? = nil
    var unreadByOperatorSinceTs: Double? = nil
    var visitorTyping: Bool = false
    var visitorDraft: String? = nil
    var modificationTs: Double? = nil

    mutating func didInsert(_ inserted: InsertionSuccess) { id = inserted.rowID }
}

/// A message; `(visitorId, clientSideId)` is unique, which makes a re-sent message a no-op.
struct MessageRecord: Codable, Equatable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "message"
    enum Columns {
        static let id = Column(CodingKeys.id)
        static let chatId = Column(CodingKeys.chatId)
        static let visitorId = Column(CodingKeys.visitorId)
        static let clientSideId = Column(CodingKeys.clientSideId)
        static let tsMicros = Column(CodingKeys.tsMicros)
        static let kind = Column(CodingKeys.kind)
        static let text = Column(CodingKeys.text)
        static let deleted = Column(CodingKeys.deleted)
        static let historySeq = Column(CodingKeys.historySeq)
        static let quotedMessageId = Column(CodingKeys.quotedMessageId)
        static let readByOperator = Column(CodingKeys.readByOperator)
        static let authorId = Column(CodingKeys.authorId)
        static let label = Column(CodingKeys.label)
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
    /// The kind's payload (keyboard, file state, sticker, …) as JSON.
    var data: String? = nil
    /// The quote as a JSON `QuoteItem`.
    var quote: String? = nil
    /// The server id of the quoted message, so that its deletion can turn the quote into `not-found`.
    var quotedMessageId: String? = nil
    var reaction: String? = nil
    /// For visitor messages: read by the operator (`MESSAGE_READ`).
    var readByOperator: Bool = false
    /// Deleted messages stay as history-since tombstones (`deleted: true`).
    var deleted: Bool = false
    /// A scenario's name for the message, so later steps can edit, delete or quote it.
    var label: String? = nil
    /// Per-visitor change sequence: history-since pages are cut by it (PROTOCOL.md §6).
    var historySeq: Int64 = 0
}

/// One delta item of a visitor's log, kept so that a reconnecting client gets exactly what it missed.
struct DeltaRecord: Codable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "delta"
    enum Columns {
        static let visitorId = Column(CodingKeys.visitorId)
        static let revision = Column(CodingKeys.revision)
        static let position = Column(CodingKeys.position)
        static let item = Column(CodingKeys.item)
    }

    var visitorId: String
    var revision: Int
    var position: Int
    /// The item as wire JSON.
    var item: String
}
