import Foundation
import Synchronization
import WebimWire

/// The library's `MessageAttachment`: one or more files and their upload state.
struct MessageAttachmentImpl: MessageAttachment, Equatable {
    var files: [FileInfoImpl]
    var state: AttachmentState
    var progress: Int64?
    var errorType: String?
    var errorMessage: String?

    func getContentType() -> String? { files.first?.contentType }
    func getFileName() -> String? { files.first?.fileName }
    func getImageInfo() -> (any ImageInfo)? { files.first?.getImageInfo() }
    func getSize() -> Int64? { files.first?.size }
    func getURL() -> URL? { files.first?.getURL() }
    func getFileInfo() -> any FileInfo { files.first ?? FileInfoImpl.empty }
    func getFilesInfo() -> [any FileInfo] { files }
    func getState() -> AttachmentState { state }
    func getDownloadProgress() -> Int64? { progress }
    func getErrorType() -> String? { errorType }
    func getErrorMessage() -> String? { errorMessage }
}

/// The library's `MessageData`.
struct MessageDataImpl: MessageData {
    var attachment: MessageAttachmentImpl
    func getAttachment() -> (any MessageAttachment)? { attachment }
}

/// The library's `FileInfo`: its URLs are signed afresh on each access (PROTOCOL.md §7.3).
struct FileInfoImpl: FileInfo, Equatable {
    var guid: String
    var fileName: String
    var contentType: String?
    var size: Int64?
    var image: ImageSize?
    let signer: FileURLSigner?

    struct ImageSize: Equatable, Sendable {
        var width: Int
        var height: Int
    }

    static let empty = FileInfoImpl(guid: "", fileName: "", contentType: nil, size: nil, image: nil, signer: nil)

    func getContentType() -> String? { contentType }
    func getFileName() -> String { fileName }
    func getImageInfo() -> (any ImageInfo)? { image.map { ImageInfoImpl(file: self, size: $0) } }
    func getSize() -> Int64? { size }
    func getURL() -> URL? { signer?.url(guid: guid, fileName: fileName, thumbnail: false) }
    func getGuid() -> String { guid }

    init(guid: String, fileName: String, contentType: String?, size: Int64?, image: ImageSize?, signer: FileURLSigner?)
    {
        self.guid = guid
        self.fileName = fileName
        self.contentType = contentType
        self.size = size
        self.image = image
        self.signer = signer
    }

    /// A file of PROTOCOL.md §4.5; nil without the `guid` and `filename` an attachment needs.
    init?(parameters: FileParametersItem, signer: FileURLSigner?) {
        guard let guid = parameters.guid, let fileName = parameters.filename else { return nil }
        self.init(
            guid: guid,
            fileName: fileName,
            contentType: parameters.contentType,
            size: parameters.size,
            image: parameters.image?.size.map { ImageSize(width: $0.width, height: $0.height) },
            signer: signer
        )
    }

    static func == (lhs: FileInfoImpl, rhs: FileInfoImpl) -> Bool {
        lhs.guid == rhs.guid && lhs.fileName == rhs.fileName && lhs.contentType == rhs.contentType
            && lhs.size == rhs.size && lhs.image == rhs.image
    }
}

/// The library's `ImageInfo`.
struct ImageInfoImpl: ImageInfo {
    var file: FileInfoImpl
    var size: FileInfoImpl.ImageSize

    func getThumbURL() -> URL? { file.signer?.url(guid: file.guid, fileName: file.fileName, thumbnail: true) }
    func getHeight() -> Int? { size.height }
    func getWidth() -> Int? { size.width }
}

/// The library's `UploadedFile`.
struct UploadedFileImpl: UploadedFile {
    var parameters: FileParametersItem
    var file: FileInfoImpl

    func getSize() -> Int64 { parameters.size ?? 0 }
    func getGuid() -> String { file.guid }
    func getFileName() -> String { file.fileName }
    func getContentType() -> String? { parameters.contentType }
    func getVisitorId() -> String { parameters.visitorId ?? "" }
    func getClientContentType() -> String { parameters.clientContentType ?? parameters.contentType ?? "" }
    func getImageInfo() -> (any ImageInfo)? { file.getImageInfo() }
    /// The file's parameters as the JSON `send(uploadedFiles:)` sends back.
    var description: String { (try? parameters.messageText()) ?? "{}" }
}

/// The library's `Keyboard`.
struct KeyboardImpl: Keyboard, Equatable {
    var buttons: [[KeyboardButtonImpl]]
    var state: KeyboardState
    var response: KeyboardResponseImpl?

    func getButtons() -> [[any KeyboardButton]] { buttons }
    func getState() -> KeyboardState { state }
    func getResponse() -> (any KeyboardResponse)? { response }

    init(item: KeyboardItem) {
        buttons = item.buttons.map { $0.map(KeyboardButtonImpl.init(item:)) }
        state =
            switch item.knownState {
            case .pending: .pending
            case .completed: .completed
            case .canceled: .canceled
            }
        response = item.response.map { KeyboardResponseImpl(buttonID: $0.buttonId, messageID: $0.messageId) }
    }
}

/// The library's `KeyboardButton`.
struct KeyboardButtonImpl: KeyboardButton, Equatable {
    var id: String
    var text: String
    var configuration: ConfigurationImpl?

    func getID() -> String { id }
    func getText() -> String { text }
    func getConfiguration() -> (any Configuration)? { configuration }

    init(item: KeyboardButtonItem) {
        id = item.id
        text = item.text
        configuration = item.config.map(ConfigurationImpl.init(item:))
    }
}

/// The library's `Configuration` of a button (PROTOCOL.md §4.7).
struct ConfigurationImpl: Configuration, Equatable {
    var active: Bool
    var type: ButtonType
    var data: String
    var state: ButtonState

    func isActive() -> Bool { active }
    func getButtonType() -> ButtonType { type }
    func getData() -> String { data }
    func getState() -> ButtonState { state }

    init(item: KeyboardButtonItem.Config) {
        active = item.active ?? true
        if let link = item.link {
            type = .url
            data = link
        } else {
            type = .insert
            data = item.textToInsert ?? ""
        }
        state =
            switch item.knownState {
            case .showing, nil: .showing
            case .showingSelected: .showingSelected
            case .hidden: .hidden
            }
    }
}

/// The library's `KeyboardResponse`.
struct KeyboardResponseImpl: KeyboardResponse, Equatable {
    var buttonID: String
    var messageID: String
    func getButtonID() -> String { buttonID }
    func getMessageID() -> String { messageID }
}

/// The library's `KeyboardRequest`.
struct KeyboardRequestImpl: KeyboardRequest, Equatable {
    var button: KeyboardButtonImpl
    var messageID: String
    func getButton() -> any KeyboardButton { button }
    func getMessageID() -> String { messageID }
}

/// The library's `Quote`.
struct QuoteImpl: Quote, Equatable {
    var state: QuoteState
    var authorID: String?
    var attachment: FileInfoImpl?
    var timestamp: Date?
    var messageID: String?
    var text: String?
    var type: MessageType?
    var senderName: String?

    func getAuthorID() -> String? { authorID }
    func getMessageAttachment() -> (any FileInfo)? { attachment }
    func getMessageTimestamp() -> Date? { timestamp }
    func getMessageID() -> String? { messageID }
    func getMessageText() -> String? { text }
    func getMessageType() -> MessageType? { type }
    func getSenderName() -> String? { senderName }
    func getState() -> QuoteState { state }
}

/// Signs file URLs with the session's current page and token, so a URL is valid whenever it is asked for.
final class FileURLSigner: Sendable {
    private struct Credentials {
        var baseURL = ""
        var pageID: String?
        var authToken: String?
    }

    private let credentials = Mutex(Credentials())

    /// Called whenever the page or token changes.
    func update(baseURL: String, pageID: String?, authToken: String?) {
        credentials.withLock { $0 = Credentials(baseURL: baseURL, pageID: pageID, authToken: authToken) }
    }

    /// `<base>/l/v/m/download/<guid>/<filename>?page-id&expires&hash[&thumb=ios]`, valid for 300 s (PROTOCOL.md §7.3).
    func url(guid: String, fileName: String, thumbnail: Bool) -> URL? {
        let current = credentials.withLock { $0 }
        guard let pageID = current.pageID, let authToken = current.authToken else { return nil }
        let expires = Int64(Date().timeIntervalSince1970) + 300
        let hash = WireSignature.downloadHash(guid: guid, expires: expires, authToken: authToken)
        let name = fileName.addingPercentEncoding(withAllowedCharacters: .urlHostAllowed) ?? fileName
        var query: [(String, String)] = [
            (WireParameter.pageID, pageID), ("expires", String(expires)), ("hash", hash),
        ]
        if thumbnail { query.append(("thumb", "ios")) }
        return URL(string: "\(current.baseURL)\(WireEndpoint.download)/\(guid)/\(name)?\(WireForm.encode(query))")
    }
}
