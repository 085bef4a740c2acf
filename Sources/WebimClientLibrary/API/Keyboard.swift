/// A bot keyboard (PROTOCOL.md §4.7).
public protocol Keyboard: Sendable {
    /// The rows of buttons.
    func getButtons() -> [[any KeyboardButton]]
    /// Whether the visitor may still choose.
    func getState() -> KeyboardState
    /// EN: the chosen button, once chosen.
    func getResponse() -> (any KeyboardResponse)?
}

extension Keyboard {
    /// v3's name for `getResponse()`.
    public func getKeyboardResponse() -> (any KeyboardResponse)? { getResponse() }
}

/// A keyboard's state.
public enum KeyboardState: Sendable, Equatable {
    /// Buttons can be pressed.
    case pending
    /// A button was chosen.
    case completed
    /// No button can be pressed any more.
    case canceled
}

/// One button.
public protocol KeyboardButton: Sendable {
    /// The button's id.
    func getID() -> String
    /// The label.
    func getText() -> String
    /// v3: what the button does and how it shows.
    func getConfiguration() -> (any Configuration)?
}

extension KeyboardButton {
    /// v3's spelling of `getID()`.
    public func getId() -> String { getID() }
}

/// v3: a button's configuration.
public protocol Configuration: Sendable {
    /// Whether the button can be pressed.
    func isActive() -> Bool
    /// Whether it opens a URL or inserts text.
    func getButtonType() -> ButtonType
    /// The URL or the text to insert.
    func getData() -> String
    /// How the button shows.
    func getState() -> ButtonState
}

/// v3: what a button does.
public enum ButtonType: Sendable, Equatable {
    /// Opens `getData()` as a URL.
    case url
    /// Sends `getData()` as the visitor's text.
    case insert
}

/// v3: how a button shows.
public enum ButtonState: Sendable, Equatable {
    case showing
    case showingSelected
    case hidden
}

/// The chosen button of a keyboard.
public protocol KeyboardResponse: Sendable {
    /// The chosen button's id.
    func getButtonID() -> String
    /// The id of the message that answered the choice.
    func getMessageID() -> String
}

extension KeyboardResponse {
    /// v3's spelling of `getButtonID()`.
    public func getButtonId() -> String { getButtonID() }
    /// v3's spelling of `getMessageID()`.
    public func getMessageId() -> String { getMessageID() }
}

/// The button a `keyboardResponse` message answers.
public protocol KeyboardRequest: Sendable {
    /// The chosen button.
    func getButton() -> any KeyboardButton
    /// The id of the keyboard message.
    func getMessageID() -> String
}

extension KeyboardRequest {
    /// v3's spelling of `getMessageID()`.
    public func getMessageId() -> String { getMessageID() }
}
