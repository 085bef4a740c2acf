import Foundation
import HTTPAPI
import WebimClientLibrary

/// A message of several files: each uploaded first (`uploadFilesToServer`), removable until sent
/// (`deleteUploadedFiles`), then sent together (`send(uploadedFiles:)`) with an optional caption.
struct TabUploads: Sendable {
    let tab: TabSession

    /// The most files in one message (PROTOCOL.md §7.1; the SDK refuses more with `maxFilesCountPerMessage`).
    static let maximumFilesPerMessage = 10

    /// Uploads a file without sending it and answers the uploaded file; a retry with the same `clientID` answers the
    /// first upload's file while it is unsent. The service's refusal is thrown as the page's error.
    func uploadToServer(
        _ data: Data,
        filename: String,
        mimeType: String,
        clientID: String
    ) async throws
        -> any UploadedFile
    {
        let unsentUploads = tab.unsentUploads
        if let known = unsentUploads.file(forClientID: clientID) { return known }
        guard unsentUploads.hasRoom else {
            throw APIError(
                .tooManyUploads,
                "This tab keeps \(UnsentUploads.capacity) unsent files; send or remove some."
            )
        }
        try tab.budgets.check()
        let request = UploadToServerRequest(clientID: clientID, uploads: unsentUploads)
        try await tab.perform { tab in
            try tab.requireStream().uploadFilesToServer(
                file: data,
                filename: filename,
                mimeType: mimeType,
                completionHandler: request
            )
        }
        switch await request.result() {
        case .success(let file): return file
        case .failure(let error): throw Self.refusal(error)
        }
    }

    /// Deletes an unsent upload of this tab's on the service; the outcome comes as a `result` event.
    func delete(guid: String, clientID: String) async throws {
        try await tab.perform { tab in
            let unsentUploads = tab.unsentUploads
            guard unsentUploads.file(guid: guid) != nil || tab.clientIDAnswers.answer(forClientID: clientID) != nil
            else {
                throw APIError(.unknownFile, "This tab has no such unsent file.", field: "guid")
            }
            try tab.once(clientID: clientID) { handler in
                try tab.requireStream().deleteUploadedFiles(fileGuid: guid, completionHandler: handler)
                unsentUploads.forget(guids: [guid])
                return guid
            }
        }
    }

    /// Sends this tab's unsent uploads, in the order given, as one message, and then the caption, if any, as a text
    /// message right after it. Once per `clientID`; the outcome comes as a `result` event.
    ///
    /// The caption is a message of its own because that is all the Webim SDK can send: `send(uploadedFiles:)` takes
    /// no text, and the `kind=file_visitor` action carries only the files' JSON (PROTOCOL.md §7.1); a caption
    /// inside a file message (`data.extra_text`) is something the service writes, as for an operator's file. It is
    /// sent once the service took the files (or has not answered in time: the action queue is strictly ordered,
    /// so it still follows them), never after files it refused, which stay unsent for the page to send fewer.
    func send(guids: [String], caption: String?, clientID: String) async throws {
        let request = try await tab.perform { tab -> SendUploadsRequest? in
            guard tab.clientIDAnswers.answer(forClientID: clientID) == nil else { return nil }
            var files: [any UploadedFile] = []
            for guid in guids {
                guard let file = tab.unsentUploads.file(guid: guid) else {
                    throw APIError(.unknownFile, "This tab has no unsent file with the guid \(guid).", field: "guids")
                }
                files.append(file)
            }
            try tab.budgets.check()
            let request = SendUploadsRequest(results: ActionResultHandler(clientID: clientID, events: tab.events))
            _ = try tab.requireStream().send(uploadedFiles: files, completionHandler: request)
            // Remembered before the wait: a retry meanwhile sends nothing again.
            tab.clientIDAnswers.remember(answer: guids.joined(separator: ","), forClientID: clientID)
            return request
        }
        guard let request, await request.outcome(timeout: .seconds(10)) != .refused else { return }
        tab.unsentUploads.forget(guids: guids)
        if let caption {
            _ = try await tab.messages.send(
                text: caption,
                clientID: "\(clientID).caption",
                quotedMessageID: nil,
                data: nil
            )
        }
    }

    /// The upload limits, asked of the service afresh; the last known ones if it does not answer in time.
    func limits() async -> UploadLimits {
        let request = LimitsRequest(events: tab.events)
        let asked = await tab.perform { tab in
            guard let stream = tab.live?.stream else { return false }
            try? stream.getServerSideSettings(completionHandler: request)
            return true
        }
        guard asked else { return tab.events.limits }
        return await request.result(timeout: .seconds(5))
    }

    /// The page's error for the service's refusal of an upload: the codes the page already translates for a file
    /// it checks itself, and `upload_refused` for what only the service can tell.
    private static func refusal(_ error: SendFileError) -> APIError {
        let failure = ActionFailure(error)
        return switch error {
        case .fileSizeExceeded: APIError(.fileTooLarge, failure.message, field: "file")
        case .fileTypeNotAllowed: APIError(.fileTypeNotAllowed, failure.message, field: "file")
        case .uploadNotAllowed: APIError(.uploadsNotAllowed, failure.message)
        case .fileSizeTooSmall: APIError(.emptyFile, failure.message, field: "file")
        default: APIError(.uploadRefused, "\(failure.message) (\(failure.rawValue))", field: "file")
        }
    }
}
