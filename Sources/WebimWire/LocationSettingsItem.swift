/// `locationSettings` of the location config (PROTOCOL.md §9).
public struct LocationSettingsItem: Codable, Sendable, Equatable {
    /// Chat form settings.
    public struct Chat: Codable, Sendable, Equatable {
        /// Forms (`def`, `offlineMode`, `firstQuestion`, `contactsRequest`) → field name → rule.
        public var visitorFields: [String: [String: VisitorFieldRule]]?
        /// Field name → label.
        public var visitorFieldLabels: [String: String]?

        public init(
            visitorFields: [String: [String: VisitorFieldRule]]? = nil,
            visitorFieldLabels: [String: String]? = nil
        ) {
            self.visitorFields = visitorFields
            self.visitorFieldLabels = visitorFieldLabels
        }
    }

    /// How one visitor field is asked for.
    public struct VisitorFieldRule: Codable, Sendable, Equatable {
        /// Field validation.
        public struct Validation: Codable, Sendable, Equatable {
            public var maxLength: Int?
            public var type: String?
            public var mask: String?

            public init(maxLength: Int? = nil, type: String? = nil, mask: String? = nil) {
                self.maxLength = maxLength
                self.type = type
                self.mask = mask
            }
        }

        /// For example `mandatory`, `optional`, `hidden`.
        public var presence: String?
        public var validation: Validation?

        public init(presence: String?, validation: Validation? = nil) {
            self.presence = presence
            self.validation = validation
        }
    }

    /// The forms of `Chat.visitorFields` (PROTOCOL.md §9); a form's rules override `def`'s (the SDK's
    /// `getFirstQuestionVsDef()`).
    public enum Form {
        public static let def = "def"
        public static let offlineMode = "offlineMode"
        public static let firstQuestion = "firstQuestion"
        public static let contactsRequest = "contactsRequest"
    }

    /// `VisitorFieldRule.presence` values (the SDK's `Presence`); anything else counts as optional.
    public enum Presence {
        public static let none = "none"
        public static let mandatory = "mandatory"
        public static let optional = "optional"
    }

    /// `resources` keys the client reads.
    public enum Resource {
        /// The text above the first-question form.
        public static let firstQuestionDescription = "first_question-descr"
    }

    public var chat: Chat?
    /// Texts (`leavemessage-descr`, `first_question-descr`, `chat-operator-default_title`, …).
    public var resources: [String: String]?

    public init(chat: Chat? = nil, resources: [String: String]? = nil) {
        self.chat = chat
        self.resources = resources
    }
}
