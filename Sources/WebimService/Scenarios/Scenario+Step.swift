import WebimWire

extension Scenario {
    /// One thing the operator or bot does, `after` seconds after the previous step.
    struct Step: Decodable, Sendable {
        /// What the step does (Scenarios/README.md lists each with its fields).
        enum Action: String, Decodable, Sendable {
            case join, typing, stopTyping, say, info, busy, keyboard, cancelKeyboard, sendFile, edit, delete
            case fillQuote, close, transfer, survey, contactsRequest, actionRequest, invite, setOnlineStatus, read
            /// An operator's sticker: this service's extension, since Webim has only the visitor's (README.md).
            case sticker
            /// Fixture-only: a message as if the visitor had sent it (see Scenarios/README.md).
            case visitorSays, visitorFile, visitorSticker, visitorKeyboardResponse
        }

        var after: Double?
        var action: Action
        var text: String?
        /// Names the message this step sends, for later `edit`, `delete`, `fillQuote`, `cancelKeyboard` or quotes.
        var label: String?
        /// The label of the message an `edit`, `delete`, `fillQuote`, `cancelKeyboard` or
        /// `visitorKeyboardResponse` acts on.
        var target: String?
        var quote: QuoteSpec?
        var keyboard: KeyboardSpec?
        /// A file under `Scenarios/files/`.
        var file: String?
        /// `visitorFile`: more files under `Scenarios/files/`, sent with `file` as one message.
        var files: [String]?
        /// A caption shown with an operator's file (`data.extra_text`); with `visitorFile`, the visitor's text
        /// message right after the files, as the widget sends a caption.
        var caption: String?
        var operatorId: Int?
        /// `transfer`: the department to move the chat to.
        var department: String?
        /// `setOnlineStatus`: the location's new status.
        var status: String?
        var survey: SurveyItem.Config?
        /// `survey`: the question of the first form it opens at, 0-based (the gallery shows each question so).
        var question: Int?
        /// `sticker` and `visitorSticker`: the sticker's id.
        var sticker: Int?
        /// `visitorKeyboardResponse`: the id of the button the visitor presses.
        var button: String?
        /// Runs the step only if this holds.
        var when: Condition?
    }

    /// Which message a step quotes.
    struct QuoteSpec: Decodable, Sendable {
        /// `visitor` (the message that triggered the steps), `lastFile`, `missing`, or a label.
        var of: String?
        /// `pending`: the quote is sent unfilled; a later `fillQuote` step fills it.
        var state: String?
    }

    /// A bot keyboard.
    struct KeyboardSpec: Decodable, Sendable {
        /// `pending` (default), `completed` or `canceled`.
        var state: String?
        var rows: [[ButtonSpec]]
        /// For a completed keyboard: the id of the chosen button.
        var response: String?
    }

    /// One keyboard button.
    struct ButtonSpec: Decodable, Sendable {
        var id: String
        var text: String
        /// A link the button opens.
        var url: String?
        /// Text the button puts into the composer.
        var textToInsert: String?
        var color: String?
        var hideAfterResponse: Bool?
        /// `showing` (default), `showing_selected` or `hidden`.
        var state: String?
    }

    /// When a step applies.
    struct Condition: Decodable, Sendable {
        /// The chat's department key.
        var department: String?
        /// Whether the chat's department is online.
        var departmentOnline: Bool?
        /// The visitor's message contains this text (case-insensitive).
        var textContains: String?
        /// The visitor's file message holds at least this many files.
        var filesAtLeast: Int?
        /// The visitor's file message holds at most this many files.
        var filesAtMost: Int?
    }
}

extension Scenario.KeyboardSpec {
    /// The wire keyboard for a keyboard message whose id is `messageID`.
    func wireItem(messageID: String) -> KeyboardItem {
        let state = KeyboardItem.State(rawValue: state ?? "pending") ?? .pending
        return KeyboardItem(
            state: state,
            buttons: rows.map { $0.map(\.wireItem) },
            response: response.map { KeyboardItem.Response(buttonId: $0, messageId: messageID) }
        )
    }
}

extension Scenario.ButtonSpec {
    /// The wire button (PROTOCOL.md §4.7).
    var wireItem: KeyboardButtonItem {
        KeyboardButtonItem(
            id: id,
            text: text,
            config: .init(
                active: true,
                link: url,
                textToInsert: textToInsert,
                state: KeyboardButtonItem.Config.State(rawValue: state ?? "showing") ?? .showing,
                hideAfterResponse: hideAfterResponse
            ),
            params: .init(type: url == nil ? "action" : "url", action: url == nil ? id : nil, color: color)
        )
    }
}
