public import Foundation

/// A chat message, as the SDK reference describes it: an immutable value.
public protocol Message: Sendable {
    /// EN: the file of a file message, or nil (while it is being sent, say). v3 moved it to `getData()`.
    func getAttachment() -> (any MessageAttachment)?
    /// v3: the file part of a file message, or nil while it is being sent.
    func getData() -> (any MessageData)?
    /// v3 (EN `getData()`): the custom dictionary of an action request or of a message sent with data.
    func getRawData() -> [String: Any?]?
    /// The message's id: the client-side id, stable from `sending` to `sent`.
    func getID() -> String
    /// v3/iOS 4.0: the id the server gave the message, once it has one.
    func getServerSideID() -> String?
    /// The message's id in the current chat (its server-side id), or nil.
    func getCurrentChatID() -> String?
    /// The bot keyboard of a `keyboard` message.
    func getKeyboard() -> (any Keyboard)?
    /// The chosen button of a `keyboardResponse` message.
    func getKeyboardRequest() -> (any KeyboardRequest)?
    /// The operator who sent it, for operator messages.
    func getOperatorID() -> String?
    /// The quoted message of a reply.
    func getQuote() -> (any Quote)?
    /// v3: the sticker of a `stickerVisitor` message.
    func getSticker() -> (any Sticker)?
    /// The sender's avatar as a full URL.
    func getSenderAvatarFullURL() -> URL?
    /// The sender's display name.
    func getSenderName() -> String
    /// Whether it is still on its way or stored by the service.
    func getSendStatus() -> MessageSendStatus
    /// The text.
    func getText() -> String
    /// When the service processed the message.
    func getTime() -> Date
    /// What kind of message it is.
    func getType() -> MessageType
    /// Whether it is the same message with the same content.
    func isEqual(to message: any Message) -> Bool
    /// Whether the operator has read this visitor message (true for other messages).
    func isReadByOperator() -> Bool
    /// Whether the visitor may edit or delete it.
    func canBeEdited() -> Bool
    /// Whether the visitor may reply to it with a quote.
    func canBeReplied() -> Bool
    /// v3: whether it was edited.
    func isEdited() -> Bool
    /// v3: whether the visitor may react to it.
    func canVisitorReact() -> Bool
    /// v3: the visitor's reaction (`like`, `dislike`), if any.
    func getVisitorReaction() -> String?
    /// v3: whether the visitor may change a reaction already given.
    func canVisitorChangeReaction() -> Bool
}

/// Kinds of messages (PROTOCOL.md §4.3).
public enum MessageType: Sendable, Equatable {
    /// A message asking the visitor to act; its payload is in `getRawData()`.
    case actionRequest
    /// The operator asks for the visitor's contacts.
    case contactInformationRequest
    /// A bot message with buttons.
    case keyboard
    /// The button the visitor chose.
    case keyboardResponse
    /// A file from the operator.
    case fileFromOperator
    /// A file from the visitor.
    case fileFromVisitor
    /// A system message.
    case info
    /// A text from the operator.
    case operatorMessage
    /// The operator is busy.
    case operatorBusy
    /// A text from the visitor.
    case visitorMessage
    /// v3: a sticker from the visitor.
    case stickerVisitor
}

/// Whether a message is on its way or stored by the service.
public enum MessageSendStatus: Sendable, Equatable {
    /// Not yet confirmed by the service.
    case sending
    /// Stored by the service.
    case sent
}

/// v3: the file part of a message.
public protocol MessageData: Sendable {
    /// The attachment, or nil while it is being sent.
    func getAttachment() -> (any MessageAttachment)?
}

/// v3: a sticker.
public protocol Sticker: Sendable {
    /// The sticker's id.
    func getStickerId() -> Int
}
