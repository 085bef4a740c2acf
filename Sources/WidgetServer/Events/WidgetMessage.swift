import Foundation
import WebimClientLibrary

/// A message as the page sees it: one JSON shape everywhere (DESIGN.md, the event stream).
struct WidgetMessage: Codable, Sendable, Equatable {
    var id: String
    /// The page's idempotency id of a visitor message, when the page sent it.
    var clientId: String?
    var serverId: String?
    var type: String
    var text: String
    /// Milliseconds since 1970.
    var time: Int64
    var senderName: String
    var avatarUrl: String?
    var sendStatus: String
    var read: Bool
    var edited: Bool
    var canBeEdited: Bool
    var canBeReplied: Bool

    init(_ message: any Message, clientId: String?) {
        id = message.getID()
        self.clientId = clientId
        serverId = message.getServerSideID()
        type = Self.name(of: message.getType())
        text = message.getText()
        time = Int64((message.getTime().timeIntervalSince1970 * 1000).rounded())
        senderName = message.getSenderName()
        avatarUrl = message.getSenderAvatarFullURL()?.absoluteString
        sendStatus = message.getSendStatus() == .sent ? "sent" : "sending"
        read = message.isReadByOperator()
        edited = message.isEdited()
        canBeEdited = message.canBeEdited()
        canBeReplied = message.canBeReplied()
    }

    /// Empty fields are written as `null`, never left out: the page's contract is `string|null`.
    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(clientId, forKey: .clientId)
        try container.encode(serverId, forKey: .serverId)
        try container.encode(type, forKey: .type)
        try container.encode(text, forKey: .text)
        try container.encode(time, forKey: .time)
        try container.encode(senderName, forKey: .senderName)
        try container.encode(avatarUrl, forKey: .avatarUrl)
        try container.encode(sendStatus, forKey: .sendStatus)
        try container.encode(read, forKey: .read)
        try container.encode(edited, forKey: .edited)
        try container.encode(canBeEdited, forKey: .canBeEdited)
        try container.encode(canBeReplied, forKey: .canBeReplied)
    }

    private static func name(of type: MessageType) -> String {
        switch type {
        case .actionRequest: "actionRequest"
        case .contactInformationRequest: "contactInformationRequest"
        case .keyboard: "keyboard"
        case .keyboardResponse: "keyboardResponse"
        case .fileFromOperator: "fileFromOperator"
        case .fileFromVisitor: "fileFromVisitor"
        case .info: "info"
        case .operatorMessage: "operator"
        case .operatorBusy: "operatorBusy"
        case .visitorMessage: "visitor"
        case .stickerVisitor: "sticker"
        }
    }
}

/// An operator as the page sees it.
struct WidgetOperator: Codable, Sendable, Equatable {
    var id: String
    var name: String
    var avatarUrl: String?

    init(_ operator: any Operator) {
        id = `operator`.getID()
        name = `operator`.getName()
        avatarUrl = `operator`.getAvatarURL()?.absoluteString
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(name, forKey: .name)
        try container.encode(avatarUrl, forKey: .avatarUrl)
    }
}
