public import Foundation
public import WebimClientLibrary

/// A message built by hand, not by the core: what an app may pass back to the stream (the reference lets any
/// `Message` be), and what the widget's message bookkeeping is tested with. A visitor's text, its files and a
/// quoted file, each given by guid ("" is a file the service has not named yet).
public struct HandBuiltMessage: Message {
    public var id: String
    public var serverID: String?
    public var text: String
    public var sendStatus: MessageSendStatus
    public var fileGUIDs: [String]
    public var quotedFileGUID: String?

    public init(
        id: String,
        serverID: String? = nil,
        text: String = "",
        sendStatus: MessageSendStatus = .sent,
        fileGUIDs: [String] = [],
        quotedFileGUID: String? = nil
    ) {
        self.id = id
        self.serverID = serverID
        self.text = text
        self.sendStatus = sendStatus
        self.fileGUIDs = fileGUIDs
        self.quotedFileGUID = quotedFileGUID
    }

    public func getAttachment() -> (any MessageAttachment)? {
        fileGUIDs.isEmpty ? nil : HandBuiltAttachment(guids: fileGUIDs)
    }
    public func getData() -> (any MessageData)? { nil }
    public func getRawData() -> [String: Any?]? { nil }
    public func getID() -> String { id }
    public func getServerSideID() -> String? { serverID }
    public func getCurrentChatID() -> String? { serverID }
    public func getKeyboard() -> (any Keyboard)? { nil }
    public func getKeyboardRequest() -> (any KeyboardRequest)? { nil }
    public func getOperatorID() -> String? { nil }
    public func getQuote() -> (any Quote)? { quotedFileGUID.map(HandBuiltQuote.init) }
    public func getSticker() -> (any Sticker)? { nil }
    public func getSenderAvatarFullURL() -> URL? { nil }
    public func getSenderName() -> String { "" }
    public func getSendStatus() -> MessageSendStatus { sendStatus }
    public func getText() -> String { text }
    public func getTime() -> Date { Date(timeIntervalSince1970: 0) }
    public func getType() -> MessageType { .visitorMessage }
    public func isEqual(to message: any Message) -> Bool { message.getID() == id && message.getText() == text }
    public func isReadByOperator() -> Bool { true }
    public func canBeEdited() -> Bool { true }
    public func canBeReplied() -> Bool { true }
    public func isEdited() -> Bool { false }
    public func canVisitorReact() -> Bool { false }
    public func getVisitorReaction() -> String? { nil }
    public func canVisitorChangeReaction() -> Bool { false }
}

/// A file of a `HandBuiltMessage`, named by its guid.
public struct HandBuiltFile: FileInfo {
    public var guid: String

    public init(guid: String) { self.guid = guid }

    public func getContentType() -> String? { "text/plain" }
    public func getFileName() -> String { "\(guid).txt" }
    public func getImageInfo() -> (any ImageInfo)? { nil }
    public func getSize() -> Int64? { 1 }
    public func getURL() -> URL? { URL(string: "https://service.test/\(guid)") }
    public func getGuid() -> String { guid }
}

private struct HandBuiltAttachment: MessageAttachment {
    var guids: [String]
    func getContentType() -> String? { "text/plain" }
    func getFileName() -> String? { nil }
    func getImageInfo() -> (any ImageInfo)? { nil }
    func getSize() -> Int64? { nil }
    func getURL() -> URL? { nil }
    func getFileInfo() -> any FileInfo { HandBuiltFile(guid: guids.first ?? "") }
    func getFilesInfo() -> [any FileInfo] { guids.map(HandBuiltFile.init) }
    func getState() -> AttachmentState { .ready }
    func getDownloadProgress() -> Int64? { nil }
    func getErrorType() -> String? { nil }
    func getErrorMessage() -> String? { nil }
}

private struct HandBuiltQuote: Quote {
    var fileGUID: String
    func getAuthorID() -> String? { nil }
    func getMessageAttachment() -> (any FileInfo)? { HandBuiltFile(guid: fileGUID) }
    func getMessageTimestamp() -> Date? { nil }
    func getMessageID() -> String? { "quoted" }
    func getMessageText() -> String? { nil }
    func getMessageType() -> MessageType? { .fileFromOperator }
    func getSenderName() -> String? { nil }
    func getState() -> QuoteState { .filled }
}
