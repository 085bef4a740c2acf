import WebimWire

// Request bodies of the console API (documented in Sources/WebimService/README.md).

/// No fields.
struct EmptyBody: Decodable, Sendable {}

/// `join`.
struct JoinBody: Decodable, Sendable {
    var operatorId: Int?
}

/// A quote in a console request: a message id, or a state (`pending`, `missing`, `lastFile`).
struct QuoteBody: Decodable, Sendable {
    var messageId: String?
    var state: String?

    var request: QuoteRequest {
        switch state {
        case "pending": .pending
        case "lastFile": .lastFile
        case "missing", "not-found": .missing
        default: messageId.map { .message(.id($0)) } ?? .missing
        }
    }
}

/// `messages`.
struct MessageBody: Decodable, Sendable {
    var text: String
    var kind: String?
    var quote: QuoteBody?
    var operatorId: Int?
}

/// `PATCH messages/{id}`.
struct EditBody: Decodable, Sendable {
    var text: String
}

/// `files`.
struct FileBody: Decodable, Sendable {
    var filename: String
    var contentType: String?
    var base64: String
    var caption: String?
    var operatorId: Int?
}

/// `typing`.
struct TypingBody: Decodable, Sendable {
    var typing: Bool
}

/// `transfer`.
struct TransferBody: Decodable, Sendable {
    var departmentKey: String
    var operatorId: Int?
}

/// `ban`.
struct BanBody: Decodable, Sendable {
    var banned: Bool?
}

/// `scenario`.
struct PauseBody: Decodable, Sendable {
    var paused: Bool
}

/// `locations/{location}/status`.
struct StatusBody: Decodable, Sendable {
    var onlineStatus: String
}

/// `locations/{location}/departments/{key}/status`.
struct DepartmentStatusBody: Decodable, Sendable {
    var online: String
}

/// `auth-tokens`.
struct AuthTokenBody: Decodable, Sendable {
    var token: String
    var name: String?
}
