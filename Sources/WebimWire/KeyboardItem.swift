/// A bot keyboard: the `data` of a `keyboard` message (PROTOCOL.md §4.7).
public struct KeyboardItem: Codable, Sendable, Equatable {
    /// The keyboard's state; anything but `pending` and `completed` means canceled (PROTOCOL.md §8.4).
    public enum State: String, Codable, Sendable {
        case pending
        case completed
        case canceled
    }

    /// The button the visitor chose, once the keyboard is completed.
    public struct Response: Codable, Sendable, Equatable {
        public var buttonId: String
        /// The server id of the keyboard message.
        public var messageId: String

        public init(buttonId: String, messageId: String) {
            self.buttonId = buttonId
            self.messageId = messageId
        }
    }

    /// Kept as text: the client reads an unknown state as canceled, so it must not fail decoding.
    public var state: String
    /// Rows of buttons, top to bottom.
    public var buttons: [[KeyboardButtonItem]]
    public var response: Response?

    public init(state: State, buttons: [[KeyboardButtonItem]], response: Response? = nil) {
        self.state = state.rawValue
        self.buttons = buttons
        self.response = response
    }

    /// The state as the client reads it: unknown values are canceled.
    public var knownState: State {
        switch state {
        case State.pending.rawValue: .pending
        case State.completed.rawValue: .completed
        default: .canceled
        }
    }
}
