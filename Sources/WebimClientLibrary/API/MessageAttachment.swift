public import Foundation

/// The file of a file message.
public protocol MessageAttachment: Sendable {
    /// EN: the MIME type.
    func getContentType() -> String?
    /// EN: the file name.
    func getFileName() -> String?
    /// EN: image details, when the file is an image.
    func getImageInfo() -> (any ImageInfo)?
    /// EN: the size in bytes.
    func getSize() -> Int64?
    /// EN: a short-lived download URL, signed for this session.
    func getURL() -> URL?
    /// v3: the (first) file.
    func getFileInfo() -> any FileInfo
    /// v3: every file of a multi-file message.
    func getFilesInfo() -> [any FileInfo]
    /// v3: the upload state.
    func getState() -> AttachmentState
    /// v3: the upload progress in percent, while uploading.
    func getDownloadProgress() -> Int64?
    /// v3: the error code of a failed upload.
    func getErrorType() -> String?
    /// v3: the error text of a failed upload.
    func getErrorMessage() -> String?
}

/// v3: one file.
public protocol FileInfo: Sendable {
    /// The MIME type.
    func getContentType() -> String?
    /// The file name.
    func getFileName() -> String
    /// Image details, when the file is an image.
    func getImageInfo() -> (any ImageInfo)?
    /// The size in bytes.
    func getSize() -> Int64?
    /// A short-lived download URL, signed for this session (PROTOCOL.md §7.3).
    func getURL() -> URL?
    /// The file's id on the service.
    func getGuid() -> String
}

/// An image's details.
public protocol ImageInfo: Sendable {
    /// A short-lived URL of the thumbnail.
    func getThumbURL() -> URL?
    /// The height in pixels.
    func getHeight() -> Int?
    /// The width in pixels.
    func getWidth() -> Int?
}

/// v3 (`FileState` in the reference's enum list): a file's upload state (PROTOCOL.md §4.4).
public enum AttachmentState: Sendable, Equatable {
    case error
    case ready
    case upload
    case externalChecks
}

/// v3's name for `AttachmentState`.
public typealias FileState = AttachmentState

/// v3: a file uploaded with `uploadFilesToServer` and not yet sent.
public protocol UploadedFile: Sendable, CustomStringConvertible {
    /// The size in bytes.
    func getSize() -> Int64
    /// The file's id on the service.
    func getGuid() -> String
    /// The file name.
    func getFileName() -> String
    /// The MIME type the service detected.
    func getContentType() -> String?
    /// The uploading visitor's id.
    func getVisitorId() -> String
    /// The MIME type the visitor's device claimed.
    func getClientContentType() -> String
    /// Image details, when the file is an image.
    func getImageInfo() -> (any ImageInfo)?
}
