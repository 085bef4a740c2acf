import WebimClientLibrary

/// One `uploadFilesToServer` call: keeps the uploaded file in the tab's unsent uploads (even when no request waits
/// any more) and hands it, or the service's refusal, to the route that waits for it.
final class UploadToServerRequest: UploadFileToServerCompletionHandler, Sendable {
    private let answer = OneAnswer<Result<any UploadedFile, SendFileError>>()
    private let clientID: String
    private let uploads: UnsentUploads

    init(clientID: String, uploads: UnsentUploads) {
        self.clientID = clientID
        self.uploads = uploads
    }

    func onSuccess(id: String, uploadedFile: any UploadedFile) {
        uploads.keep(uploadedFile, clientID: clientID)
        answer.give(.success(uploadedFile))
    }

    func onFailure(messageID: String, error: SendFileError) { answer.give(.failure(error)) }

    /// The outcome; `uploadCanceled` when the waiting request is cancelled (the page went away) before it comes.
    func result() async -> Result<any UploadedFile, SendFileError> {
        await answer.value() ?? .failure(.uploadCanceled)
    }
}
