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
    var read = true
    var editable = false
    var repliable = false
    var edited = false
    var rawData: JSONValue?
    var attachment: MessageAttachmentImpl?
    var keyboard: KeyboardImpl?
    var keyboardRequest: KeyboardRequestImpl?
    var quote: QuoteImpl?
    var stickerID: Int?
    var reaction: String?
    var canReact = false
    var canChangeReaction = false

    func getAttachment() -> (any MessageAttachment)? { attachment }
    func getData() -> (any MessageData)? { attachment.map(MessageDataImpl.init(attachment:)) }
    func getRawData() -> [String: Any?]? { rawData?.objectValue?.mapValues { $0.foundationValue } }
    func getID() -> String { id }
    func getServerSideID() -> String? { serverSideID }
    func getCurrentChatID() -> String? { serverSideID }
    func getKeyboard() -> (any Keyboard)? { keyboard }
    func getKeyboardRequest() -> (any KeyboardRequest)? { keyboardRequest }
    func getOperatorID() -> String? { operatorID }
    func getQuote() -> (any Quote)? { quote }
    func getSticker() -> (any Sticker)? { stickerID.map(StickerImpl.init(id:)) }
    func getSenderAvatarFullURL() -> URL? { avatarURL }
    func getSenderName() -> String { senderName }
    func getSendStatus() -> MessageSendStatus { sendStatus }
    func getText() -> String { text }
    func getTime() -> Date { Date(timeIntervalSince1970: Double(timeMicros) / 1_000_000) }
    func getType() -> MessageType { type }
    func isEqual(to message: any Message) -> Bool { (message as? MessageImpl) == self }
    func isReadByOperator() -> Bool { read }
    func canBeEdited() -> Bool { editable }
    func canBeReplied() -> Bool { repliable }
    func isEdited() -> Bool { edited }
    func canVisitorReact() -> Bool { canReact }
    func getVisitorReaction() -> String? { reaction }
    func canVisitorChangeReaction() -> Bool { canChangeReaction }

    /// A visitor message that has not reached the service yet.
    static func sending(id: String, text: String, type: MessageType = .visitorMessage, timeMicros: Int64) -> MessageImpl
    {
        MessageImpl(
            id: id,
            text: text,
            timeMicros: timeMicros,
            type: type,
            sendStatus: .sending,
            senderName: "",
            read: false
        )
    }
}

/// The library's `Operator`.
struct OperatorImpl: Operator, Equatable {
    var id: String
    var name: String
    var avatarURL: URL?
    var title: String?
    var info: String?

    func getID() -> String { id }
    func getName() -> String { name }
    func getAvatarURL() -> URL? { avatarURL }
    func getTitle() -> String? { title }
    func getInfo() -> String? { info }

    init(item: OperatorItem, baseURL: String) {
        id = String(item.id)
        name = item.fullname
        avatarURL = item.avatar.flatMap { URL(relative: $0, base: baseURL) }
        title = item.title
        info = item.additionalInfo
    }
}

/// The library's `Department`.
struct DepartmentImpl: Department, Equatable {
    var key: String
    var name: String
    var onlineStatus: DepartmentOnlineStatus
    var order: Int
    var localizedNames: [String: String]?
    var logo: URL?

    func getKey() -> String { key }
    func getName() -> String { name }
    func getDepartmentOnlineStatus() -> DepartmentOnlineStatus { onlineStatus }
    func getOrder() -> Int { order }
    func getLocalizedNames() -> [String: String]? { localizedNames }
    func getLogo() -> URL? { logo }

    init(item: DepartmentItem, baseURL: String) {
        key = item.key
        name = item.name
        onlineStatus =
            switch item.online {
            case OnlineStatusValue.online: .online
            case OnlineStatusValue.busyOnline: .busyOnline
            case OnlineStatusValue.offline: .offline
            case OnlineStatusValue.busyOffline: .busyOffline
            default: .unknown
            }
        order = item.order
        localizedNames = item.localeToName
        logo = item.logo.flatMap { URL(relative: $0, base: baseURL) }
    }
}

/// The library's `LocationSettings`.
struct LocationSettingsImpl: LocationSettings, Equatable {
    var hintsEnabled: Bool
    func areHintsEnabled() -> Bool { hintsEnabled }
}

/// The library's `Sticker`.
struct StickerImpl: Sticker {
    var id: Int
    func getStickerId() -> Int { id }
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

extension URL {
    /// PROTOCOL.md §1.1: relative payload URLs are resolved as `base + path`.
    init?(relative path: String, base: String) {
        self.init(string: path.contains("://") ? path : base + path)
    }
}

extension JSONValue {
    /// The value as Foundation types, for the reference's `[String: Any?]` dictionaries.
    var foundationValue: Any? {
        switch self {
        case .null: nil
        case .bool(let value): value
        case .int(let value): Int(value)
        case .double(let value): value
        case .string(let value): value
        case .array(let values): values.map(\.foundationValue)
        case .object(let members): members.mapValues(\.foundationValue)
        }
    }
}
