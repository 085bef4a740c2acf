import WebimClientLibrary

/// Every completion handler of the core, reporting its outcome as a `result` event for the page's `clientId`.
final class ActionResultHandler: DataMessageCompletionHandler, SendMessageCompletionHandler,
    EditMessageCompletionHandler, DeleteMessageCompletionHandler, SendFileCompletionHandler,
    SendKeyboardRequestCompletionHandler, RateOperatorCompletionHandler, SendDialogToEmailAddressCompletionHandler,
    ReactionCompletionHandler
{
    private let clientID: String
    private let events: TabEventLog

    init(clientID: String, events: TabEventLog) {
        self.clientID = clientID
        self.events = events
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

    private func succeed() { events.publish(.result(.success(clientID))) }

    private func fail(_ failure: ActionFailure) {
        events.publish(.result(.failure(clientID, code: failure.rawValue, message: failure.message)))
    }
}
