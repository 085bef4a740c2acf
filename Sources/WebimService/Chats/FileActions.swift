import Foundation
import HTTPAPI
import WebimWire

/// The visitor's files (PROTOCOL.md §7): an upload, sent at once or kept for a later `chat.message`; the delete of
/// one never sent; and whether a signed download link is good.
struct FileActions: Sendable {
    let database: ServiceDatabase
    let library: ScenarioLibrary
    let files: FileStore
    let storage: StorageGuard
    let changes: VisitorChanges
    let triggers: ScenarioTriggers
    /// How far ahead a download link's `expires` may be: the client signs the link with its own token, so without a
    /// bound a link once handed out would never expire.
    let maximumDownloadLinkLifetime: Duration

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
            let stored = try files.storeUpload(file, visitorID: visitor.id, location: location) { size in
                try storage.admit(size, from: visitor)
            }
            let parameters = try stored.wireItem()
            if let clientSideID = fields[WireParameter.clientSideID], !clientSideID.isEmpty {
                let messageID = try await files.removingOnFailure(guid: stored.guid) {
                    try await send(stored, visitorID: visitor.id, clientSideID: clientSideID, location: location)
                }
                triggers.send(visitor, .visitorFile(messageID: messageID, fileCount: 1))
            } else {
                try await files.removingOnFailure(guid: stored.guid) {
                    try await changes.commit(visitorID: visitor.id) { change in
                        change.charge(storedFile: stored)
                        try change.save(file: stored)
                    }
                }
            }
            return UploadResponse(data: parameters)
        } catch let failure as ProtocolFailure {
            return .failure(failure.code)
        }
    }

    /// Sends a stored upload as a `file_visitor` message in the open chat (opening one), within the chat's limit.
    private func send(
        _ stored: FileRecord,
        visitorID: String,
        clientSideID: String,
        location: LocationDefinition
    ) async throws -> String {
        let limit = location.maxFilesPerChat
        return try await changes.commit(visitorID: visitorID) { change -> String in
            let (chatID, _) = try change.chatForVisitorMessage()
            guard try change.visitorFileCount(chatID: chatID) < limit else {
                throw ProtocolFailure(WireError.maxFilesCountPerChatExceeded)
            }
            change.charge(storedFile: stored)
            var file = stored
            let message = try MessageRecord.file(
                file,
                visitor: change.visitor,
                chatID: chatID,
                clientSideID: clientSideID,
                clock: change.clock
            )
            file.chatId = chatID
            file.messageId = message.id
            try change.save(file: file)
            try change.add(message)
            try change.markUnreadByOperator(from: message)
            return message.id
        }
    }

    /// `GET /l/v/file-delete?guid=`: deletes an uploaded file that was never sent.
    func delete(fields: [String: String]) async throws -> ActionResponse {
        guard let visitor = try await database.authorizedVisitor(fields) else {
            return .failure(WireError.reinitRequired)
        }
        if visitor.banned { return .failure(WireError.visitorBanned) }
        let guid = fields[WireParameter.guid] ?? ""
        do {
            try await changes.commit(visitorID: visitor.id) { change in
                guard let file = try change.file(guid: guid), !file.fromOperator else {
                    throw ProtocolFailure(WireError.fileNotFound)
                }
                guard file.messageId == nil else { throw ProtocolFailure(WireError.fileHasBeenSent) }
                try change.delete(file: file)
                change.refund(file.size)
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
        let now = database.clock.now()
        guard WireSignature.downloadHash(guid: guid, expires: expires, authToken: page.authToken) == hash.lowercased(),
            Double(expires) >= now, Double(expires) <= now + Double(maximumDownloadLinkLifetime.components.seconds)
        else { return .failure(ProtocolFailure(WireError.unauthorized)) }
        guard let file = try await database.file(guid: guid), file.visitorId == page.visitorId,
            let url = files.url(guid: guid)
        else { return .failure(ProtocolFailure(WireError.fileNotFound)) }
        return .success((file, url))
    }
}
