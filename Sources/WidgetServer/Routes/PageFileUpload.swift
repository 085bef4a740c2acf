import Foundation
import HTTPAPI
import Hummingbird
import NIOCore
import WebimClientLibrary
import WebimWire

/// A file the page uploads (`multipart/form-data`: the `file` part and a `clientId` field), read and checked against
/// the location's limits and the data folder's budget before the core gets it: the checks both upload routes share.
struct PageFileUpload {
    var bytes: Data
    var filename: String
    var mimeType: String
    var clientID: String

    /// Reads the body no further than the location's file size allows, so that an oversized upload is refused
    /// before it is held whole.
    static func read(
        _ request: Request,
        limits: UploadLimits,
        folderBudget: DataFolderBudget
    ) async throws -> PageFileUpload {
        guard let boundary = request.headers[.contentType].flatMap(MultipartForm.boundary(contentType:)) else {
            throw APIError(.notMultipart, "Send the file as multipart/form-data.")
        }
        guard limits.uploadsAllowed else {
            throw APIError(.uploadsNotAllowed, "Files cannot be sent here.")
        }
        let tooLarge = APIError(
            .fileTooLarge,
            "A file is at most \(limits.maxFileSize / 1024 / 1024) MB.",
            field: "file"
        )
        let body: ByteBuffer
        do {
            body = try await request.body.collect(upTo: limits.maxFileSize + 64 * 1024)
        } catch {
            throw tooLarge
        }
        guard let form = MultipartForm.parse(body, boundary: boundary, fileFieldName: "file") else {
            throw APIError(.invalidMultipart, "The multipart body does not parse.")
        }
        guard let file = form.file else {
            throw APIError(.missingField, "The part file is required.", field: "file")
        }
        guard let clientID = form.fields["clientId"] else {
            throw APIError(.missingField, "The part clientId is required.", field: "clientId")
        }
        try Validation.clientID(clientID)
        let filename = String((file.filename.split(separator: "/").last ?? "file").suffix(255))
        guard !file.bytes.isEmpty else { throw APIError(.emptyFile, "The file is empty.", field: "file") }
        guard file.bytes.count <= limits.maxFileSize else { throw tooLarge }
        let fileExtension =
            filename.split(separator: ".").count > 1 ? filename.split(separator: ".").last.map { $0.lowercased() } : nil
        if !limits.allowedTypes.isEmpty, !limits.allowedTypes.contains(fileExtension ?? "") {
            throw APIError(
                .fileTypeNotAllowed,
                "Allowed file types: \(limits.allowedTypes.joined(separator: ", ")).",
                field: "file"
            )
        }
        try folderBudget.admit(file.bytes.count)
        return PageFileUpload(bytes: file.bytes, filename: filename, mimeType: file.contentType, clientID: clientID)
    }
}
