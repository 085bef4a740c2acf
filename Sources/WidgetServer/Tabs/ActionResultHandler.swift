import WebimClientLibrary

/// Every completion handler of the core, reporting its outcome as a `result` event for the page's `clientId`.
final class ActionResultHandler: DataMessageCompletionHandler, SendMessageCompletionHandler,
    EditMessageCompletionHandler, DeleteMessageCompletionHandler, SendFileCompletionHandler,
    SendKeyboardRequestCompletionHandler, RateOperatorCompletionHandler, SendDialogToEmailAddressCompletionHandler,
    ReactionCompletionHandler, ContactsCompletionHandler, SendSurveyAnswerCompletionHandler,
    SurveyCloseCompletionHandler, SendStickerCompletionHandler, SendResolutionCompletionHandler,
    SendFilesCompletionHandler, DeleteUploadedFileCompletionHandler, StorageRefusalHandler, Sendable
{
    private let clientID: String
    private let events: TabEventLog
    /// Told when the service refused for a storage budget, so that the tab refuses the next ones itself.
    private let budgets: BudgetRefusals?

    init(clientID: String, events: TabEventLog, budgets: BudgetRefusals? = nil) {
        self.clientID = clientID
        self.events = events
        self.budgets = budgets
    }

    func onSuccess(messageID: String) { succeed() }
    func onSuccess() { succeed() }

    func onFailure(messageID: String, error: DataMessageError) { fail(ActionFailure(error)) }
    func onFailure(messageID: String, error: EditMessageError) { fail(ActionFailure(error)) }
    func onFailure(messageID: String, error: DeleteMessageError) { fail(ActionFailure(error)) }
    func onFailure(messageID: String, error: SendFileError) { fail(ActionFailure(error)) }
    func onFailure(messageID: String, error: KeyboardResponseError) { fail(ActionFailure(error)) }
    func onFailure(error: RateOperatorError) { fail(ActionFailure(error)) }
    func onFailure(error: SendDialogToEmailAddressError) { fail(ActionFailure(error)) }
    func onFailure(error: ReactionError) { fail(ActionFailure(error)) }
    func onFailure(error: SendSurveyAnswerError) { fail(ActionFailure(error)) }
    func onFailure(error: SurveyCloseError) { fail(ActionFailure(error)) }
    func onFailure(error: ContactsError) { fail(ActionFailure(error)) }
    func onFailure(error: SendStickerError) { fail(ActionFailure(error)) }
    func onFailure(error: SendResolutionError) { fail(ActionFailure(error)) }
    func onFailure(messageID: String, error: SendFilesError) { fail(ActionFailure(error)) }
    func onFailure(error: DeleteUploadedFileError) { fail(ActionFailure(error)) }

    func onFailure(messageID: String, refusal: StorageRefusal) {
        budgets?.refused(refusal)
        fail(ActionFailure(refusal))
    }

    private func succeed() { events.publish(.result(.success(clientID))) }

    private func fail(_ failure: ActionFailure) {
        events.publish(.result(.failure(clientID, code: failure.rawValue, message: failure.message)))
    }
}
