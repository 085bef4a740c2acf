import WebimWire

/// A scripted operator: what it does when a chat starts and when the visitor writes (format: Scenarios/README.md).
struct Scenario: Decodable, Sendable {
    /// The operator who plays the scenario.
    struct Operator: Decodable, Sendable {
        var id: Int
        var name: String
        var avatar: String?

        var wireItem: OperatorItem { OperatorItem(id: id, fullname: name, avatar: avatar) }
    }

    /// One thing the operator does, `after` seconds after the previous step.
    struct Step: Decodable, Sendable {
        enum Action: String, Decodable, Sendable {
            /// Take the chat.
            case join
            /// Start typing.
            case typing
            /// Write `text`; `{{text}}` is replaced by the visitor's message.
            case say
            /// Close the chat.
            case close
        }

        var after: Double
        var action: Action
        var text: String?
    }

    var name: String
    var description: String
    var `operator`: Operator
    var onChatStart: [Step]
    var onVisitorMessage: [Step]
}
