import Foundation
import WebimWire

/// The library's `Message`: a value, so listeners may keep it.
struct MessageImpl: Message, Equatable {
    var id: String
    var serverSideID: String?
    var text: String
    var timeMicros: Int64
    var type: MessageType
    var sendStatus: MessageSendStatus
    var senderName: String
    var avatarURL: URL?
    var operatorID: String?
    var read: Bool
    var editable: Bool
    var repliable: Bool
    var edited: Bool

    func getID() -> String { id }
    func getServerSideID() -> String? { serverSideID }
    func getText() -> String { text }
    func getTime() -> Date { Date(timeIntervalSince1970: Double(timeMicros) / 1_000_000) }
    func getType() -> MessageType { type }
    func getSendStatus() -> MessageSendStatus { sendStatus }
    func getSenderName() -> String { senderName }
    func getSenderAvatarFullURL() -> URL? { avatarURL }
    func getOperatorID() -> String? { operatorID }
    func isReadByOperator() -> Bool { read }
    func canBeEdited() -> Bool { editable }
    func canBeReplied() -> Bool { repliable }
    func isEdited() -> Bool { edited }
    func isEqual(to message: any Message) -> Bool { (message as? MessageImpl) == self }

    /// A visitor message that has not reached the service yet.
    static func sending(id: String, text: String, timeMicros: Int64) -> MessageImpl {
        MessageImpl(
            id: id,
            serverSideID: nil,
            text: text,
            timeMicros: timeMicros,
            type: .visitorMessage,
            sendStatus: .sending,
            senderName: "",
            avatarURL: nil,
            operatorID: nil,
            read: false,
            editable: false,
            repliable: false,
            edited: false
        )
    }
}

extension MessageImpl {
    /// A message the service sent; nil for kinds the SDK drops (PROTOCOL.md §4.3).
    init?(item: MessageItem, baseURL: String) {
        guard let type = Self.messageType(of: item.knownKind) else { return nil }
        self.init(
            id: item.clientSideId ?? item.id,
            serverSideID: item.id,
            text: item.text,
            timeMicros: item.timeMicros ?? 0,
            type: type,
            sendStatus: .sent,
            senderName: item.name,
            avatarURL: item.avatar.flatMap { URL(string: $0.contains("://") ? $0 : baseURL + $0) },
            operatorID: item.authorId.map(String.init),
            read: item.read ?? true,
            editable: item.canBeEdited ?? false,
            repliable: item.canBeReplied ?? false,
            edited: item.edited ?? false
        )
    }

    private static func messageType(of kind: MessageItem.Kind?) -> MessageType? {
        switch kind {
        case .visitor: .visitorMessage
        case .operator: .operatorMessage
        case .info: .info
        case .operatorBusy: .operatorBusy
        case .fileFromVisitor: .fileFromVisitor
        case .fileFromOperator: .fileFromOperator
        case .keyboard: .keyboard
        case .keyboardResponse: .keyboardResponse
        case .stickerVisitor: .stickerVisitor
        case .actionRequest: .actionRequest
        case .contactsRequest: .contactInformationRequest
        case .contacts, .forOperator, nil: nil
        }
    }
}

/// The library's `Operator`.
struct OperatorImpl: Operator, Equatable {
    var id: String
    var name: String
    var avatarURL: URL?

    func getID() -> String { id }
    func getName() -> String { name }
    func getAvatarURL() -> URL? { avatarURL }

    init(item: OperatorItem, baseURL: String) {
        id = String(item.id)
        name = item.fullname
        avatarURL = item.avatar.flatMap { URL(string: $0.contains("://") ? $0 : baseURL + $0) }
    }
}

/// The library's fatal error.
struct WebimErrorImpl: WebimError {
    var type: FatalErrorType
    var string: String
    func getErrorType() -> FatalErrorType { type }
    func getErrorString() -> String { string }
}

/// The library's non-fatal error.
struct WebimNotFatalErrorImpl: WebimNotFatalError {
    var type: NotFatalErrorType
    var string: String
    func getErrorType() -> NotFatalErrorType { type }
    func getErrorString() -> String { string }
}
