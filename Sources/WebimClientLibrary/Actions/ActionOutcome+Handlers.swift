extension ActionOutcome {
    /// Tells a message's handler how its delivery ended, as `send(message:data:completionHandler:)` promises:
    /// nothing when the session ended first.
    func reportMessage(to handler: (any DataMessageCompletionHandler)?, messageID: String) {
        switch self {
        case .success: handler?.onSuccess(messageID: messageID)
        case .failure(let code):
            guard !Self.reportedStorageRefusal(code, to: handler, messageID: messageID) else { return }
            handler?.onFailure(messageID: messageID, error: DataMessageError(wireCode: code))
        case .canceled: break
        }
    }

    /// Tells a file's handler how its upload ended, as `send(file:filename:mimeType:completionHandler:)` promises:
    /// `uploadCanceled` when the session ended first.
    func reportFile(to handler: (any SendFileCompletionHandler)?, messageID: String) {
        switch self {
        case .success: handler?.onSuccess(messageID: messageID)
        case .failure(let code):
            guard !Self.reportedStorageRefusal(code, to: handler, messageID: messageID) else { return }
            handler?.onFailure(messageID: messageID, error: SendFileError(wireCode: code))
        case .canceled: handler?.onFailure(messageID: messageID, error: .uploadCanceled)
        }
    }

    /// Tells `handler` of a storage refusal as such when it can hear one (`StorageRefusalHandler`); false when `code`
    /// is no storage refusal or the handler knows only the reference's errors, which then get `unknown`.
    private static func reportedStorageRefusal(_ code: String, to handler: Any?, messageID: String) -> Bool {
        guard let refusal = StorageRefusal(wireCode: code), let handler = handler as? any StorageRefusalHandler else {
            return false
        }
        handler.onFailure(messageID: messageID, refusal: refusal)
        return true
    }
}
