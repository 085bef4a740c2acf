import WebimClientLibrary

/// One `send(uploadedFiles:)` call: reports its outcome to the page as a `result` event and tells the waiting tab
/// whether the service refused the files, so that a caption follows only files that were not refused.
final class SendUploadsRequest: SendFilesCompletionHandler, Sendable {
    /// How the files message ended, as far as the tab waited for it.
    enum Outcome: Sendable, Equatable {
        case accepted
        case refused
        /// No answer in time: the message waits in the core's outbox, which delivers it in order before anything
        /// queued after it.
        case pending
    }

    private let results: ActionResultHandler
    private let answer = OneAnswer<Outcome>()

    init(results: ActionResultHandler) { self.results = results }

    func onSuccess(messageID: String) {
        results.onSuccess(messageID: messageID)
        answer.give(.accepted)
    }

    func onFailure(messageID: String, error: SendFilesError) {
        results.onFailure(messageID: messageID, error: error)
        answer.give(.refused)
    }

    /// The outcome, or `pending` when the service does not answer within `timeout`.
    func outcome(timeout: Duration) async -> Outcome {
        await answer.value(within: timeout) ?? .pending
    }
}
