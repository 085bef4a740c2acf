import Synchronization
import WebimClientLibrary

/// The files a tab uploaded with `uploadFilesToServer` and has not sent yet, by guid, and each upload's answer by the
/// page's `clientId`, so that a retried upload is not uploaded twice.
///
/// Locked rather than the tab actor's: the core's completion handler keeps a file that finished uploading even when
/// the request that asked for it has stopped waiting, so that the file is still known to the tab (and to the
/// page's retry with the same `clientId`).
final class UnsentUploads: Sendable {
    /// How many unsent files a tab keeps: a tray holds 10, and a file whose upload the page cancelled after the
    /// server had it waits here, unseen by the page, until the tab closes.
    static let capacity = 20

    private struct State {
        var files: [String: any UploadedFile] = [:]
        var answers = ClientIDAnswers()
    }

    private let state = Mutex(State())

    /// Whether another file may be uploaded.
    var hasRoom: Bool { state.withLock { $0.files.count < Self.capacity } }

    /// The file the first upload with `clientID` answered, while it is unsent.
    func file(forClientID clientID: String) -> (any UploadedFile)? {
        state.withLock { state in state.answers.answer(forClientID: clientID).flatMap { state.files[$0] } }
    }

    /// The unsent file with this guid.
    func file(guid: String) -> (any UploadedFile)? { state.withLock { $0.files[guid] } }

    /// Keeps an uploaded file under its guid, the answer to the upload with `clientID`.
    func keep(_ file: any UploadedFile, clientID: String) {
        state.withLock { state in
            state.files[file.getGuid()] = file
            state.answers.remember(answer: file.getGuid(), forClientID: clientID)
        }
    }

    /// Forgets files that were sent or deleted.
    func forget(guids: [String]) {
        state.withLock { state in
            for guid in guids { state.files[guid] = nil }
        }
    }
}
