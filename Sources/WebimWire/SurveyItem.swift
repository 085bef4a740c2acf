/// An active survey (`fullUpdate.survey`, `SURVEY` delta; PROTOCOL.md §4.9).
public struct SurveyItem: Codable, Sendable, Equatable {
    /// The survey's definition.
    public struct Config: Codable, Sendable, Equatable {
        /// The forms of the survey.
        public struct Descriptor: Codable, Sendable, Equatable {
            public var forms: [Form]

            public init(forms: [Form]) { self.forms = forms }
        }

        public var id: Int
        public var version: String?
        public var descriptor: Descriptor

        public init(id: Int, version: String? = nil, descriptor: Descriptor) {
            self.id = id
            self.version = version
            self.descriptor = descriptor
        }
    }

    /// A form: questions asked in order.
    public struct Form: Codable, Sendable, Equatable {
        public var id: Int
        public var questions: [Question]

        public init(id: Int, questions: [Question]) {
            self.id = id
            self.questions = questions
        }
    }

    /// One question.
    public struct Question: Codable, Sendable, Equatable {
        /// Question types (PROTOCOL.md §8.4).
        public enum Kind: String, Codable, Sendable {
            case stars
            case radio
            case comment
        }

        /// Kept as text so that an unknown type does not fail the survey.
        public var type: String
        public var text: String
        /// Radio options; answers name them 1-based.
        public var options: [String]?

        public init(type: Kind, text: String, options: [String]? = nil) {
            self.type = type.rawValue
            self.text = text
            self.options = options
        }

        /// The type, when this build knows it.
        public var kind: Kind? { Kind(rawValue: type) }
    }

    /// Which question to ask next.
    public struct CurrentQuestion: Codable, Sendable, Equatable {
        public var formId: Int
        /// 0-based index within the form.
        public var questionId: Int

        enum CodingKeys: String, CodingKey {
            case formId = "form_id"
            case questionId = "question_id"
        }

        public init(formId: Int, questionId: Int) {
            self.formId = formId
            self.questionId = questionId
        }
    }

    public var id: String
    public var config: Config
    public var currentQuestion: CurrentQuestion

    enum CodingKeys: String, CodingKey {
        case id, config
        case currentQuestion = "current_question"
    }

    public init(id: String, config: Config, currentQuestion: CurrentQuestion) {
        self.id = id
        self.config = config
        self.currentQuestion = currentQuestion
    }
}
