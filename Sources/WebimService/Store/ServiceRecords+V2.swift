import GRDB

// Records of the tables the `v2` migration adds; internal to the store, like `ServiceRecords.swift`.

/// A department of a location.
struct DepartmentRecord: Codable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "department"
    enum Columns {
        static let location = Column(CodingKeys.location)
        static let key = Column(CodingKeys.key)
        static let position = Column(CodingKeys.position)
    }

    var location: String
    var key: String
    var name: String
    /// Online status (PROTOCOL.md §8.3).
    var online: String
    var position: Int
    var logo: String?
    /// Localised names as a JSON object.
    var localeToName: String?
}

/// A location's online status, set by its scenario and changed by the console.
struct LocationStatusRecord: Codable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "locationStatus"
    var location: String
    var onlineStatus: String
}

/// An operator rating or resolution answer for one chat.
struct RatingRecord: Codable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "rating"
    enum Columns {
        static let chatId = Column(CodingKeys.chatId)
    }

    var chatId: Int64
    var operatorId: Int
    /// −2…2.
    var rating: Int?
    /// 0 or 1.
    var answer: Int?
    var note: String?
    var createdAt: Double
}

/// An uploaded or operator-sent file; its bytes are `files/<guid>` under the data directory.
struct FileRecord: Codable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "file"
    enum Columns {
        static let visitorId = Column(CodingKeys.visitorId)
        static let chatId = Column(CodingKeys.chatId)
        static let fromOperator = Column(CodingKeys.fromOperator)
    }

    var guid: String
    var visitorId: String
    var chatId: Int64?
    var filename: String
    var contentType: String
    var size: Int64
    var width: Int?
    var height: Int?
    /// Set once the file is in a message; such a file can no longer be deleted.
    var messageId: String?
    var fromOperator: Bool
    var createdAt: Double
}

/// A visitor's survey and how far they got.
struct SurveyRecord: Codable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "survey"
    enum Columns {
        static let visitorId = Column(CodingKeys.visitorId)
        static let finished = Column(CodingKeys.finished)
    }

    var id: String
    var visitorId: String
    /// The `SurveyItem.Config` as JSON.
    var config: String
    var formId: Int
    var questionIndex: Int
    /// The answers so far, as a JSON array.
    var answers: String
    var finished: Bool
}

/// Something a visitor did that has no other table: transcripts, offline messages, geo, widget updates.
struct VisitorEventRecord: Codable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "visitorEvent"
    enum Columns {
        static let visitorId = Column(CodingKeys.visitorId)
        static let chatId = Column(CodingKeys.chatId)
        static let kind = Column(CodingKeys.kind)
        static let payload = Column(CodingKeys.payload)
        static let createdAt = Column(CodingKeys.createdAt)
    }

    var id: Int64?
    var visitorId: String
    var chatId: Int64?
    var kind: String
    /// The action's parameters as JSON.
    var payload: String
    var createdAt: Double
}

/// A `provided_auth_token` the site's backend registered (through the operator API).
struct ProvidedAuthTokenRecord: Codable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "providedAuthToken"
    var token: String
    var name: String?
    var createdAt: Double
}
