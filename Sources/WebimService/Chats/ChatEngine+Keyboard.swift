import Foundation
import WebimWire

/// Bot keyboards: the visitor's answer (PROTOCOL.md §4.7, §5.2).
extension ChatEngine {
    /// `chat.keyboard_response`: completes the keyboard and adds a `keyboard_response` message.
    func respondToKeyboard(visitor: VisitorRecord, buttonID: String, requestMessageID requestID: String) async throws {
        try await change(visitorID: visitor.id) { change in
            guard let keyboardMessage = try change.message(id: requestID),
                keyboardMessage.visitorId == change.visitor.id,
                try Self.completeKeyboard(keyboardMessage, buttonID: buttonID, change: &change)
            else { throw ProtocolFailure(WireError.cannotCreateResponse) }
        }
        trigger(visitor, .keyboardResponse(buttonID: buttonID))
    }

    /// Completes a pending keyboard with `buttonID` and adds the visitor's `keyboard_response` message;
    /// false when the message is no pending keyboard of the open chat with that button.
    static func completeKeyboard(
        _ keyboardMessage: MessageRecord,
        buttonID: String,
        change: inout VisitorChange
    ) throws -> Bool {
        var keyboardMessage = keyboardMessage
        guard !keyboardMessage.deleted, keyboardMessage.kind == MessageItem.Kind.keyboard.rawValue,
            var keyboard = keyboardMessage.wireItem().keyboard, keyboard.knownState == .pending,
            let button = keyboard.buttons.joined().first(where: { $0.id == buttonID }),
            let chatID = try change.openChat()?.id
        else { return false }
        keyboard.state = KeyboardItem.State.completed.rawValue
        keyboard.response = .init(buttonId: buttonID, messageId: keyboardMessage.id)
        keyboardMessage.data = try MessageRecord.jsonText(keyboard)
        try change.replace(keyboardMessage)
        var response = Self.visitorMessage(
            change.visitor,
            chatID: chatID,
            clientSideID: RandomID.hex(),
            text: button.text
        )
        response.kind = MessageItem.Kind.keyboardResponse.rawValue
        response.data = try MessageRecord.jsonText(
            KeyboardResponseItem(button: button, request: .init(messageId: keyboardMessage.id))
        )
        try change.add(response)
        return true
    }
}
