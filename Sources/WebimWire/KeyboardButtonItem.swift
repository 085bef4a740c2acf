/// One button of a bot keyboard (PROTOCOL.md §4.7).
public struct KeyboardButtonItem: Codable, Sendable, Equatable {
    /// How the button looks and what it does besides answering.
    public struct Config: Codable, Sendable, Equatable {
        /// A button's visibility; anything but the first two means hidden (PROTOCOL.md §8.4).
        public enum State: String, Codable, Sendable {
            case showing
            case showingSelected = "showing_selected"
            case hidden
        }

        public var active: Bool?
        /// A URL the button opens.
        public var link: String?
        /// Text the button puts into the visitor's composer.
        public var textToInsert: String?
        /// Kept as text: unknown values mean hidden.
        public var state: String?
        public var hideAfterResponse: Bool?

        enum CodingKeys: String, CodingKey {
            case active, link, state
            case textToInsert = "text_to_insert"
            case hideAfterResponse = "hide_after_response"
        }

        public init(
            active: Bool? = nil,
            link: String? = nil,
            textToInsert: String? = nil,
            state: State? = nil,
            hideAfterResponse: Bool? = nil
        ) {
            self.active = active
            self.link = link
            self.textToInsert = textToInsert
            self.state = state?.rawValue
            self.hideAfterResponse = hideAfterResponse
        }

        /// The state as the client reads it: unknown values are hidden; absent is nil.
        public var knownState: State? {
            guard let state else { return nil }
            return State(rawValue: state) ?? .hidden
        }
    }

    /// The button's kind and colour.
    public struct Params: Codable, Sendable, Equatable {
        /// `url` or `action`.
        public var type: String?
        public var action: String?
        public var color: String?

        public init(type: String? = nil, action: String? = nil, color: String? = nil) {
            self.type = type
            self.action = action
            self.color = color
        }
    }

    public var id: String
    public var text: String
    public var config: Config?
    public var params: Params?

    public init(id: String, text: String, config: Config? = nil, params: Params? = nil) {
        self.id = id
        self.text = text
        self.config = config
        self.params = params
    }
}
