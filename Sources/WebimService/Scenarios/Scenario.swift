import WebimWire

/// A scripted location: its settings and what its operator or bot does, step by step (format: Scenarios/README.md).
struct Scenario: Decodable, Sendable {
    /// An operator who plays the scenario.
    struct Operator: Decodable, Sendable {
        var id: Int
        var name: String
        var avatar: String?
        var title: String?
        var additionalInfo: String?

        var wireItem: OperatorItem {
            OperatorItem(id: id, fullname: name, avatar: avatar, title: title, additionalInfo: additionalInfo)
        }
    }

    var name: String
    var description: String
    /// The main operator; `join` without `operatorId` brings this one.
    var `operator`: Operator
    /// Further operators (transfers, departments).
    var operators: [Operator]?
    /// The location's settings; defaults where absent.
    var location: LocationOptions?
    /// Past chats a new visitor of this location starts with.
    var history: HistorySeed?
    var onChatStart: [Step]?
    var onVisitorMessage: [Step]?
    /// When the visitor types while a keyboard waits for a button (instead of `onVisitorMessage`, when given):
    /// a message sent before any menu showed, such as the one that starts the chat, answers no menu.
    var onVisitorMessageWhileKeyboard: [Step]?
    /// Instead of `onVisitorMessage`, when given: a message the visitor chose from the hints (`hint_question`).
    var onVisitorHintQuestion: [Step]?
    /// When the visitor sends a file.
    var onVisitorFile: [Step]?
    /// When the visitor sends a sticker.
    var onVisitorSticker: [Step]?
    /// By button id: when the visitor presses that keyboard button.
    var onKeyboardResponse: [String: [Step]]?
    /// When the visitor rates the operator.
    var onRating: [Step]?
    /// When the visitor asks for the transcript (`chat.send_chat_history`).
    var onTranscriptRequest: [Step]?
    /// When the visitor finishes or cancels a survey.
    var onSurveyFinished: [Step]?
    /// When a visitor who never had a chat loads a page (an `invite` step invites them).
    var onVisit: [Step]?
    /// When the visitor accepts an operator's action request.
    var onActionAccepted: [Step]?

    /// Every operator the scenario names.
    var allOperators: [Operator] { [`operator`] + (operators ?? []) }
}
