import Foundation
import WebimClientLibrary

/// A message as the page sees it: one JSON shape everywhere (the contract in README.md).
struct WidgetMessage: Encodable, Sendable, Equatable {
    var id: String
    /// The page's idempotency id of a visitor message, when the page sent it.
    var clientId: Nullable<String>
    var serverId: Nullable<String>
    var type: String
    var text: String
    /// Milliseconds since 1970.
    var time: Int64
    var senderName: String
    var avatarUrl: Nullable<String>
    var sendStatus: String
    var read: Bool
    var edited: Bool
    var canBeEdited: Bool
    var canBeReplied: Bool
    var attachment: Nullable<WidgetAttachment>
    var quote: Nullable<WidgetQuote>
    var keyboard: Nullable<WidgetKeyboard>
    var keyboardRequest: Nullable<WidgetKeyboardRequest>
    var sticker: Nullable<WidgetSticker>
    var data: Nullable<JSONObject>
    var reaction: Nullable<String>
    var canReact: Bool
    var canChangeReaction: Bool

    /// The page's view of `message`; file URLs point at this tab's own file route.
    init(_ message: any Message, clientId: String?, tabID: String) {
        id = message.getID()
        self.clientId = Nullable(clientId)
        serverId = Nullable(message.getServerSideID())
        type = message.getType().contractName
        text = Self.shownText(of: message)
        time = message.getTime().milliseconds
        senderName = message.getSenderName()
        avatarUrl = Nullable(message.getSenderAvatarFullURL()?.absoluteString)
        sendStatus = message.getSendStatus() == .sent ? "sent" : "sending"
        read = message.isReadByOperator()
        edited = message.isEdited()
        canBeEdited = message.canBeEdited()
        canBeReplied = message.canBeReplied()
        let attachment = message.getData()?.getAttachment() ?? message.getAttachment()
        self.attachment = Nullable(attachment.map { WidgetAttachment($0, tabID: tabID) })
        quote = Nullable(message.getQuote().map(WidgetQuote.init))
        keyboard = Nullable(message.getKeyboard().map(WidgetKeyboard.init))
        keyboardRequest = Nullable(message.getKeyboardRequest().map(WidgetKeyboardRequest.init))
        let stickerID =
            message.getSticker()?.getStickerId()
            ?? (message.getType() == .operatorMessage ? StickerSet.operatorStickerID(in: message.getRawData()) : nil)
        sticker = Nullable(stickerID.map(WidgetSticker.init(id:)))
        data = Nullable(message.getRawData().map(JSONObject.init))
        reaction = Nullable(message.getVisitorReaction())
        canReact = message.canVisitorReact()
        canChangeReaction = message.canVisitorChangeReaction()
    }

    /// What the bubble says: a file message's text is its caption, or nothing. The core names a file message by its
    /// file (the SDK's text), which the page already shows on the file's card, and which a host page's `message`
    /// event would otherwise take for something the sender wrote.
    static func shownText(of message: any Message) -> String {
        let text = message.getText()
        guard message.getType() == .fileFromVisitor || message.getType() == .fileFromOperator else { return text }
        // While it is being sent, a file message has no attachment yet and its text is the names of its files.
        guard let files = (message.getData()?.getAttachment() ?? message.getAttachment())?.getFilesInfo() else {
            return ""
        }
        let names = files.map { $0.getFileName() }
        return names.contains(text) || text == names.joined(separator: ", ") ? "" : text
    }
}

/// An operator as the page sees it.
struct WidgetOperator: Encodable, Sendable, Equatable {
    var id: String
    var name: String
    var avatarUrl: Nullable<String>
    var title: Nullable<String>

    init(_ operator: any Operator) {
        id = `operator`.getID()
        name = `operator`.getName()
        avatarUrl = Nullable(`operator`.getAvatarURL()?.absoluteString)
        title = Nullable(`operator`.getTitle())
    }
}

/// A department as the page sees it.
struct WidgetDepartment: Encodable, Sendable, Equatable {
    var key: String
    var name: String
    var online: String
    var order: Int
    var logoUrl: Nullable<String>

    init(_ department: any Department) {
        key = department.getKey()
        name = department.getName()
        online = department.getDepartmentOnlineStatus().contractName
        order = department.getOrder()
        logoUrl = Nullable(department.getLogo()?.absoluteString)
    }
}

/// A sticker: its id, its picture on this origin (null when the widget's set lacks the id) and its name.
struct WidgetSticker: Encodable, Sendable, Equatable {
    var id: Int
    var url: Nullable<String>
    var name: String

    init(id: Int) {
        self.id = id
        url = Nullable(StickerSet.url(of: id))
        name = StickerSet.names[id] ?? "Sticker \(id)"
    }
}
