public import Foundation

/// A chat message, as the SDK reference describes it.
public protocol Message: Sendable {
    /// The message's id: the client-side id, stable from `sending` to `sent`.
    func getID() -> String
    /// The id the server gave the message, once it has one.
    func getServerSideID() -> String?
    /// The text.
    func getText() -> String
    /// When the message was sent.
    func getTime() -> Date
    /// What kind of message it is.
    func getType() -> MessageType
    /// Whether it is still on its way or stored by the service.
    func getSendStatus() -> MessageSendStatus
    /// The sender's display name.
    func getSenderName() -> String
    /// The sender's avatar as a full URL.
    func getSenderAvatarFullURL() -> URL?
    /// The operator who sent it, for operator messages.
    func getOperatorID() -> String?
    /// Whether the operator has read this visitor message.
    func isReadByOperator() -> Bool
    /// Whether the visitor may edit it.
    func canBeEdited() -> Bool
    /// Whether the visitor may reply to it with a quote.
    func canBeReplied() -> Bool
    /// Whether it was edited.
    func isEdited() -> Bool
    /// Whether it is the same message with the same content.
    func isEqual(to message: any Message) -> Bool
}

/// Kinds of messages (PROTOCOL.md §4.3).
public enum MessageType: Sendable, Equatable {
    case actionRequest
    case contactInformationRequest
    case keyboard
    case keyboardResponse
    case fileFromOperator
    case fileFromVisitor
    case info
    case operatorMessage
    case operatorBusy
    case visitorMessage
    case stickerVisitor
}

/// Whether a message is on its way or stored by the service.
public enum MessageSendStatus: Sendable, Equatable {
    case sending
    case sent
}
