import Foundation
import WebimClientLibrary

@testable import WidgetServer

/// A core message built by hand, for the tab's message bookkeeping: a visitor's text, its files and a quoted file.
struct StubMessage: Message {
    var id: String
    var text = ""
    var sendStatus = MessageSendStatus.sent
    /// The guids of the message's own files ("" is a file the service has not named yet).
    var fileGUIDs: [String] = []
    var quotedFileGUID: String?

    /// This message as a tab shows it.
    func shown(clientID: String? = nil) -> ShownMessage { ShownMessage(self, clientID: clientID, tabID: "tab") }

    func getAttachment() -> (any MessageAttachment)? { fileGUIDs.isEmpty ? nil : StubAttachment(guids: fileGUIDs) }
    func getData() -> (any MessageData)? { nil }
    func getRawData() -> [String: Any?]? { nil }
    func getID() -> String { id }
    func getServerSideID() -> String? { nil }
    func getCurrentChatID() -> String? { nil }
    func getKeyboard() -> (any Keyboard)? { nil }
    func getKeyboardRequest() -> (any KeyboardRequest)? { nil }
    func getOperatorID() -> String? { nil }
    func getQuote() -> (any Quote)? { quotedFileGUID.map(StubQuote.init) }
    func getSticker() -> (any Sticker)? { nil }
    func getSenderAvatarFullURL() -> URL? { nil }
    func getSenderName() -> String { "Visitor" }
    func getSendStatus() -> MessageSendStatus { sendStatus }
    func getText() -> String { text }
    func getTime() -> Date { Date(timeIntervalSince1970: 0) }
    func getType() -> MessageType { .visitorMessage }
    func isEqual(to message: any Message) -> Bool { message.getID() == id && message.getText() == text }
    func isReadByOperator() -> Bool { true }
    func canBeEdited() -> Bool { true }
    func canBeReplied() -> Bool { true }
    func isEdited() -> Bool { false }
    func canVisitorReact() -> Bool { false }
    func getVisitorReaction() -> String? { nil }
    func canVisitorChangeReaction() -> Bool { false }
}

struct StubFile: FileInfo {
    var guid: String
    func getContentType() -> String? { "text/plain" }
    func getFileName() -> String { "\(guid).txt" }
    func getImageInfo() -> (any ImageInfo)? { nil }
    func getSize() -> Int64? { 1 }
    func getURL() -> URL? { URL(string: "https://service.test/\(guid)") }
    func getGuid() -> String { guid }
}

private struct StubAttachment: MessageAttachment {
    var guids: [String]
    func getContentType() -> String? { "text/plain" }
    func getFileName() -> String? { nil }
    func getImageInfo() -> (any ImageInfo)? { nil }
    func getSize() -> Int64? { nil }
    func getURL() -> URL? { nil }
    func getFileInfo() -> any FileInfo { StubFile(guid: guids.first ?? "") }
    func getFilesInfo() -> [any FileInfo] { guids.map(StubFile.init) }
    func getState() -> AttachmentState { .ready }
    func getDownloadProgress() -> Int64? { nil }
    func getErrorType() -> String? { nil }
    func getErrorMessage() -> String? { nil }
}

private struct StubQuote: Quote {
    var fileGUID: String
    func getAuthorID() -> String? { nil }
    func getMessageAttachment() -> (any FileInfo)? { StubFile(guid: fileGUID) }
    func getMessageTimestamp() -> Date? { nil }
    func getMessageID() -> String? { "quoted" }
    func getMessageText() -> String? { nil }
    func getMessageType() -> MessageType? { .fileFromOperator }
    func getSenderName() -> String? { nil }
    func getState() -> QuoteState { .filled }
}
