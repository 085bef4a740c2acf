import Foundation
import WebimWire

/// A bot keyboard's state (PROTOCOL.md §4.7): pressed by the visitor (or a scenario's fixture), or set by the
/// operator.
extension VisitorChange {
    /// Completes a pending keyboard with `buttonID` and adds the visitor's `keyboard_response` message;
    /// false when the message is no pending keyboard of the open chat with that button.
    mutating func completeKeyboard(_ keyboardMessage: MessageRecord, buttonID: String) throws -> Bool {
        var keyboardMessage = keyboardMessage
        guard !keyboardMessage.deleted, keyboardMessage.kind == MessageItem.Kind.keyboard.rawValue,
            var keyboard = keyboardMessage.wireItem().keyboard, keyboard.knownState == .pending,
            let button = keyboard.buttons.joined().first(where: { $0.id == buttonID }),
            let chatID = try openChat()?.id
        else { return false }
        keyboard.state = KeyboardItem.State.completed.rawValue
        keyboard.response = .init(buttonId: buttonID, messageId: keyboardMessage.id)
        keyboardMessage.data = try MessageRecord.jsonText(keyboard)
        try replace(keyboardMessage)
        var response = MessageRecord.fromVisitor(
            visitor,
            chatID: chatID,
            clientSideID: RandomID.hex(),
            text: button.text,
            clock: clock
        )
        response.kind = MessageItem.Kind.keyboardResponse.rawValue
        response.data = try MessageRecord.jsonText(
            KeyboardResponseItem(button: button, request: .init(messageId: keyboardMessage.id))
        )
        try add(response)
        return true
    }

    /// Sets a keyboard message's state.
    mutating func setKeyboard(_ state: KeyboardItem.State, of message: MessageRecord) throws {
        var message = message
        guard var keyboard = message.wireItem().keyboard else { throw OperatorActionError.conflict("not a keyboard") }
        keyboard.state = state.rawValue
        message.data = try MessageRecord.jsonText(keyboard)
        try replace(message)
    }
}
