import Foundation
import WebimWire

/// Upload, file delete and signed download (PROTOCOL.md §7).
extension ChatEngine {
    /// `POST /l/v/m/upload`: checks the file against the location's limits, stores it, and — when the form has a
    /// `client-side-id` (the SDK's `send(file:)`) — sends it at once as a `file_visitor` message.
    func upload(fields: [String: String], file: UploadedPart?) async throws -> UploadResponse {
        guard let visitor = try await database.authorizedVisitor(fields) else {
            return .failure(WireError.reinitRequired)
        }
        if visitor.banned { return .failure(WireError.visitorBanned) }
        let location = library.location(visitor.location)
        do {
            guard let file else { throw ProtocolFailure(WireError.uploadedFileNotFound) }
            let stored = try await storeUpload(file, visitor: visitor, location: location)
            let parameters = try stored.wireItem()
            if let clientSideID = fields[WireParameter.clientSideID], !clientSideID.isEmpty {
                let limit = location.maxFilesPerChat
                let sent = stored
                // A refused send leaves no orphan bytes behind.
                let messageID = try await removingOnFailure(guid: stored.guid) {
                    try await change(visitorID: visitor.id) { change -> String in
                        _ = try Self.openChatIfNeeded(&change, clientSideID: nil)
                        guard let chatID = try change.openChat()?.id else { throw ServiceStoreError.noOpenChat }
                        guard try change.visitorFileCount(chatID: chatID) < limit else {
                            throw ProtocolFailure(WireError.maxFilesCountPerChatExceeded)
                        }
                        var file = sent
                        let message = try Self.fileMessage(
                            for: file,
                            visitor: change.visitor,
                            chatID: chatID,
                            clientSideID: clientSideID
                        )
                        file.chatId = chatID
                        file.messageId = message.id
                        try change.save(file: file)
                        try change.add(message)
                        try Self.markUnreadByOperator(&change, since: Double(message.tsMicros) / 1_000_000)
                        return message.id
                    }
                }
                trigger(visitor, .visitorFile(messageID: messageID))
            } else {
                try await change(visitorID: visitor.id) { change in try change.save(file: stored) }
            }
            return UploadResponse(data: parameters)
        } catch let failure as ProtocolFailure {
            return .failure(failure.code)
        }
    }

    /// Runs `body`; if it throws, removes the file's bytes before rethrowing.
    private func removingOnFailure<Value: Sendable>(
        guid: String,
        _ body: () async throws -> Value
    ) async throws -> Value {
        do {
            return try await body()
        } catch {
            files.remove(guid: guid)
            throw error
        }
    }

    /// Validates an upload (PROTOCOL.md §7.1 errors, in that order) and writes its bytes; the row is not saved yet.
    func storeUpload(
        _ file: UploadedPart,
        visitor: VisitorRecord,
        location: LocationDefinition
    ) async throws -> FileRecord {
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
        return try storeFile(file, visitorID: visitor.id, fromOperator: false)
    }

    /// Writes a file's bytes to the files folder and describes it.
    func storeFile(_ file: UploadedPart, visitorID: String, fromOperator: Bool) throws -> FileRecord {
        let guid = RandomID.hex()
        try files.write(file.bytes, guid: guid)
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
            createdAt: ChatClock.now()
        )
    }

    /// `GET /l/v/file-delete?guid=`: deletes an uploaded file that was never sent.
    func deleteFile(fields: [String: String]) async throws -> ActionResponse {
        guard let visitor = try await database.authorizedVisitor(fields) else {
            return .failure(WireError.reinitRequired)
        }
        if visitor.banned { return .failure(WireError.visitorBanned) }
        let guid = fields[WireParameter.guid] ?? ""
        do {
            try await change(visitorID: visitor.id) { change in
                guard let file = try change.file(guid: guid), !file.fromOperator else {
                    throw ProtocolFailure(WireError.fileNotFound)
                }
                guard file.messageId == nil else { throw ProtocolFailure(WireError.fileHasBeenSent) }
                try change.delete(file: file)
            }
            files.remove(guid: guid)
            return .ok
        } catch let failure as ProtocolFailure {
            return .failure(failure.code)
        }
    }

    /// Checks a signed download URL (PROTOCOL.md §7.3) and returns the file and where its bytes are.
    func verifiedDownload(
        guid: String,
        query: [String: String]
    ) async throws -> Result<(FileRecord, URL), ProtocolFailure> {
        guard let pageID = query[WireParameter.pageID], let page = try await database.page(id: pageID),
            let expiresText = query[WireParameter.expires], let expires = Int64(expiresText),
            let hash = query[WireParameter.hash]
        else { return .failure(ProtocolFailure(WireError.unauthorized)) }
        let now = ChatClock.now()
        guard WireSignature.downloadHash(guid: guid, expires: expires, authToken: page.authToken) == hash.lowercased(),
            Double(expires) >= now, Double(expires) <= now + Double(maximumDownloadLinkLifetime.components.seconds)
        else { return .failure(ProtocolFailure(WireError.unauthorized)) }
        guard let file = try await database.file(guid: guid), file.visitorId == page.visitorId,
            let url = files.url(guid: guid)
        else { return .failure(ProtocolFailure(WireError.fileNotFound)) }
        return .success((file, url))
    }

    /// A file message for a stored file (`text` = file parameters, `data.file` ready).
    static func fileMessage(
        for file: FileRecord,
        visitor: VisitorRecord,
        chatID: Int64,
        clientSideID: String,
        author: OperatorRecord? = nil
    ) throws -> MessageRecord {
        let parameters = try file.wireItem()
        var message = MessageRecord(
            id: RandomID.hex(),
            chatId: chatID,
            visitorId: visitor.id,
            clientSideId: clientSideID,
            kind: (author == nil ? MessageItem.Kind.fileFromVisitor : .fileFromOperator).rawValue,
            text: try parameters.messageText(),
            name: author?.fullname ?? visitor.name,
            tsMicros: ChatClock.nowMicros(),
            authorId: author?.id,
            avatar: author?.avatar,
            edited: false
        )
        message.data = try MessageRecord.jsonText(["file": MessageFileItem(state: .ready, desc: parameters)])
        return message
    }

    /// `chat.message` with `kind=file_visitor`: attaches 1–10 uploaded, unsent files as one message.
    static func fileMessage(
        attaching text: String,
        change: inout VisitorChange,
        chatID: Int64,
        clientSideID: String
    ) throws -> MessageRecord {
        let listed = FileParametersItem.list(fromMessageText: text)
        guard (1...10).contains(listed.count) else { throw ProtocolFailure(WireError.wrongArgumentValue) }
        var records: [FileRecord] = []
        for item in listed {
            guard let guid = item.guid, var file = try change.file(guid: guid), !file.fromOperator else {
                throw ProtocolFailure(WireError.fileNotFound)
            }
            guard file.messageId == nil else { throw ProtocolFailure(WireError.fileHasBeenSent) }
            file.chatId = chatID
            records.append(file)
        }
        var message = try fileMessage(
            for: records[0],
            visitor: change.visitor,
            chatID: chatID,
            clientSideID: clientSideID
        )
        if records.count > 1 {
            message.text = try MessageRecord.jsonText(try records.map { try $0.wireItem() })
        }
        for var file in records {
            file.messageId = message.id
            try change.save(file: file)
        }
        return message
    }
}

extension FileRecord {
    /// The wire file parameters (PROTOCOL.md §4.5).
    func wireItem() throws -> FileParametersItem {
        FileParametersItem(
            guid: guid,
            filename: filename,
            contentType: contentType,
            clientContentType: contentType,
            size: size,
            visitorId: visitorId,
            image: width.flatMap { width in height.map { .init(size: .init(width: width, height: $0)) } }
        )
    }
}
