import Foundation
import HTTPAPI
import WebimWire

/// Files as they come in: a visitor's upload checked against the location's limits, any file written and
/// described, and bytes that must not outlive a refused send.
extension FileStore {
    /// Validates a visitor's upload (PROTOCOL.md §7.1 errors, in that order), lets `admit` refuse its size (the
    /// storage budgets, after what is wrong with the file itself) and writes its bytes; the row is not saved yet.
    func storeUpload(
        _ file: UploadedPart,
        visitorID: String,
        location: LocationDefinition,
        admit: (Int64) throws -> Void
    ) throws -> FileRecord {
        let config = location.config
        guard config.isVisitorUploadFileAllowed else { throw ProtocolFailure(WireError.unauthorized) }
        guard !file.bytes.isEmpty else { throw ProtocolFailure(WireError.fileSizeTooSmall) }
        guard file.bytes.count <= config.maxVisitorUploadFileSizeMegabytes * 1_048_576 else {
            throw ProtocolFailure(WireError.maxFileSizeExceeded)
        }
        if let allowed = config.allowedUploadFileTypes {
            guard allowed.contains(FileInspector.fileExtension(file.filename)) else {
                throw ProtocolFailure(WireError.notAllowedFileType)
            }
        }
        guard FileInspector.contentTypeFits(file.contentType, filename: file.filename) else {
            throw ProtocolFailure(WireError.notAllowedMimeType)
        }
        guard FileInspector.magicNumbersMatch(file.bytes, filename: file.filename) else {
            throw ProtocolFailure(WireError.notMatchingMagicNumbers)
        }
        guard !FileInspector.looksMalicious(file.bytes) else { throw ProtocolFailure(WireError.maliciousFileDetected) }
        try admit(Int64(file.bytes.count))
        return try store(file, visitorID: visitorID, fromOperator: false)
    }

    /// Writes a file's bytes to the files folder and describes it.
    func store(_ file: UploadedPart, visitorID: String, fromOperator: Bool) throws -> FileRecord {
        let guid = RandomID.hex()
        try write(file.bytes, guid: guid)
        let size = FileInspector.imageSize(file.bytes)
        return FileRecord(
            guid: guid,
            visitorId: visitorID,
            chatId: nil,
            filename: file.filename,
            contentType: FileInspector.contentType(for: file.filename, declared: file.contentType),
            size: Int64(file.bytes.count),
            width: size?.width,
            height: size?.height,
            messageId: nil,
            fromOperator: fromOperator,
            createdAt: clock.now()
        )
    }

    /// Runs `body`, which sends a stored file; if it throws (a refused send), removes the file's bytes before
    /// rethrowing, so that none stay behind.
    func removingOnFailure<Value: Sendable>(guid: String, _ body: () async throws -> Value) async throws -> Value {
        do {
            return try await body()
        } catch {
            remove(guid: guid)
            throw error
        }
    }
}
