import HTTPAPI

/// The arguments of the actions that take more than one or two.
extension VisitorAction {
    /// `chat.start`.
    struct StartChat: Sendable, Equatable {
        var clientSideID: String?
        /// Checked against the location's departments when the chat starts.
        var departmentKey: String?
        /// `visitor-fields`, else `custom_fields`.
        var visitorFields: [String: String]?
        var forceOnline = false
        var firstQuestion: String?
    }

    /// `chat.message`: a new message, a retry (same client-side id and text) or an edit (same id, new text).
    struct SentMessage: Sendable, Equatable {
        var clientSideID: String
        /// As sent, perhaps empty: whether it may be empty, and how long it may be, depends on the location.
        var text: String
        /// `kind=file_visitor`: `text` lists uploaded files to attach.
        var isFile = false
        /// The `quote` JSON; its refusals are answered nested, from inside the chat.
        var quote: String?
        /// `data`, a JSON object's text; refused after the text's checks.
        var data = FormValue<String>.absent
        /// `hint_question=1`: the visitor chose the text from the hints service's suggestions.
        var isHintQuestion = false
    }

    /// A visitor's reaction to an operator's message.
    enum Reaction: String, Sendable {
        case like = "like"
        case dislike = "dislike"
    }

    /// `chat.visitor_typing`.
    struct Typing: Sendable, Equatable {
        var typing = false
        /// The draft; nil when there is none or the visitor deleted it.
        var draft: String?
    }

    /// `chat.operator_rate_select`. Every refusal needs the chat first (`no-chat`), so nothing is refused here.
    struct OperatorRating: Sendable, Equatable {
        /// `thread_id`; nil (absent or not a number) means the current chat.
        var threadID: Int64?
        /// `operator_id`; absent means the chat's operator.
        var operatorID = FormValue<Int>.absent
        /// nil when absent or not a number.
        var rate: Int?
        var note: String?
    }

    /// `chat.resolution_survey_select`, refused like a rating: chat first.
    struct ResolutionAnswer: Sendable, Equatable {
        var threadID: Int64?
        var operatorID = FormValue<Int>.absent
        /// nil when absent or not a number.
        var answer: Int?
    }

    /// `chat.offline_message`. Whether the location takes offline messages is answered before any argument.
    struct OfflineMessage: Sendable {
        /// `text`, else `message`, as sent.
        var text: String
        var clientSideID: String?
        var visitorFields = FormValue<[String: String]>.absent
        /// The file of a multipart form.
        var file: UploadedPart?
    }

    /// `geo_response`.
    struct Coordinates: Sendable, Equatable {
        var latitude: Double
        var longitude: Double
    }

    /// `survey.answer` with an answer.
    struct SurveyAnswer: Sendable, Equatable {
        var surveyID: String
        var formID: Int?
        var questionID: Int?
        /// As sent, empty when absent; checked against the current question.
        var answer: String
    }

    /// The form of an action that is only recorded, without the page's credentials.
    struct RecordedForm: Sendable, Equatable {
        var fields: [String: String]
    }
}

/// A form argument that its action refuses later than the form is decoded, because the protocol answers a check of
/// the chat or the location first.
enum FormValue<Value: Sendable & Equatable>: Sendable, Equatable {
    case absent
    case valid(Value)
    /// Present, but not of the value's form.
    case invalid

    /// The value; nil when absent, `code` when invalid.
    func value(refusing code: String) throws -> Value? {
        switch self {
        case .absent: return nil
        case .valid(let value): return value
        case .invalid: throw ProtocolFailure(code)
        }
    }
}
