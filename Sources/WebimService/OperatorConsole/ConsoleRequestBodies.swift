import HTTPAPI
import WebimWire

// Request bodies of the console API (documented in Sources/WebimService/README.md). An empty body reads as `{}` for
// each (`EmptyBodyDecodable`): a body without a required field is named as missing that field.

/// No fields.
struct EmptyBody: EmptyBodyDecodable, Sendable {}

/// `join`.
struct JoinBody: EmptyBodyDecodable, Sendable {
    var operatorId: Int?
}

/// A proactive invitation: the operator's first message, and who sends it (else the location's main operator).
struct InviteBody: Decodable, Sendable {
    var text: String
    var operatorId: Int?
}

/// A quote in a console request: a message id, or a state (`pending`, `missing`, `lastFile`).
struct QuoteBody: EmptyBodyDecodable, Sendable {
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
struct MessageBody: EmptyBodyDecodable, Sendable {
    var text: String
    var kind: String?
    var quote: QuoteBody?
    var operatorId: Int?
    /// The message's custom data (the visitor app's `getData()`): a JSON object, on an `operator` message.
    var data: JSONValue?
}

/// `PATCH messages/{id}`.
struct EditBody: EmptyBodyDecodable, Sendable {
    var text: String
}

/// `files`.
struct FileBody: EmptyBodyDecodable, Sendable {
    var filename: String
    var contentType: String?
    var base64: String
    var caption: String?
    var operatorId: Int?
}

/// `typing`.
struct TypingBody: EmptyBodyDecodable, Sendable {
    var typing: Bool
}

/// `transfer`.
struct TransferBody: EmptyBodyDecodable, Sendable {
    var departmentKey: String
    var operatorId: Int?
}

/// `ban`.
struct BanBody: EmptyBodyDecodable, Sendable {
    var banned: Bool?
}

/// `scenario`.
struct PauseBody: EmptyBodyDecodable, Sendable {
    var paused: Bool
}

/// `locations/{location}/status`.
struct StatusBody: EmptyBodyDecodable, Sendable {
    var onlineStatus: String
}

/// `locations/{location}/departments/{key}/status`.
struct DepartmentStatusBody: EmptyBodyDecodable, Sendable {
    var online: String
}

/// `auth-tokens`.
struct AuthTokenBody: EmptyBodyDecodable, Sendable {
    var token: String
    var name: String?
}

/// `survey`: the survey's definition, as the protocol's `SurveyItem.Config` spells it.
struct SurveyBody: EmptyBodyDecodable, Sendable {
    var config: SurveyItem.Config

    init(from decoder: any Decoder) throws { config = try SurveyItem.Config(from: decoder) }
}

/// `keyboard`: rows of buttons, as a scenario writes them.
extension Scenario.KeyboardSpec: EmptyBodyDecodable {}
