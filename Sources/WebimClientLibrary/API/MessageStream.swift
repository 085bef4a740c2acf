public import Foundation

/// The chat as the visitor sees it: its state and every action a visitor can take.
///
/// Every method must be called on the session's executor; calls elsewhere throw `AccessError.invalidThread`,
/// calls after `destroy()` throw `AccessError.invalidSession`. Completion handlers and listeners run on the executor.
public protocol MessageStream: AnyObject {
    // MARK: State

    func getVisitSessionState() -> VisitSessionState
    func getChatState() -> ChatState
    /// v3: the current chat's id, or nil.
    func getChatId() -> Int?
    func getUnreadByOperatorTimestamp() -> Date?
    func getUnreadByVisitorMessageCount() -> Int
    func getUnreadByVisitorTimestamp() -> Date?
    /// The departments, or nil before the service sent any.
    func getDepartmentList() -> [any Department]?
    func getLocationSettings() -> any LocationSettings
    func getCurrentOperator() -> (any Operator)?
    /// The last rating (1…5) the visitor gave the operator, or 0.
    func getLastRatingOfOperatorWith(id: String) -> Int
    /// iOS 3.44+: the last resolution survey answer (0 or 1) the chat holds for the operator, nil before one.
    func getLastResolutionSurveyWith(operatorId: String) -> Int?

    // MARK: Chat

    func startChat() throws
    func startChat(firstQuestion: String?) throws
    func startChat(customFields: String?) throws
    func startChat(departmentKey: String?) throws
    func startChat(departmentKey: String?, firstQuestion: String?) throws
    func startChat(firstQuestion: String?, customFields: String?) throws
    func startChat(departmentKey: String?, customFields: String?) throws
    func startChat(departmentKey: String?, firstQuestion: String?, customFields: String?) throws
    /// Closes the chat (deprecated in v3, still sent as `chat.close`).
    func closeChat() throws
    func setVisitorTyping(draftMessage: String?) throws
    func setChatRead() throws
    func set(prechatFields: String) throws
    func sendDialogTo(emailAddress: String, completionHandler: (any SendDialogToEmailAddressCompletionHandler)?) throws
    /// iOS 4.0: sends again a message still `sending`; its handler hears when the service has it. A message that is
    /// not `sending` is left alone.
    func resend(message: any Message, completionHandler: (any ResendMessageCompletionHandler)?) throws
    /// iOS 4.0: gives up a message still `sending`: it leaves the outbox and the list (`removed(message:)`).
    func cancelResend(message: any Message) throws
    /// iOS 4.0: answers an operator's contact-information request with the visitor's contacts, a JSON object of
    /// field names and values (`chat.cont_resp`); the chat gets a `contacts` message with them.
    func sendContacts(contacts: String, completionHandler: (any ContactsCompletionHandler)?) throws
    func rateOperatorWith(
        id: String?,
        byRating rating: Int,
        completionHandler: (any RateOperatorCompletionHandler)?
    ) throws
    func rateOperatorWith(
        id: String?,
        note: String?,
        byRating rating: Int,
        completionHandler: (any RateOperatorCompletionHandler)?
    ) throws
    /// iOS 3.44+: the visitor's answer (1 solved, 0 not) to the resolution survey for the operator `id` in the current
    /// chat (`chat.resolution_survey_select`); answers other than 0 and 1 are not sent, as the reference does.
    func sendResolutionSurvey(
        id: String,
        answer: Int,
        completionHandler: (any SendResolutionCompletionHandler)?
    ) throws
    func respondSentryCall(id: String) throws
    func updateWidgetStatus(data: String) throws

    // MARK: Messages

    @discardableResult func send(message: String) throws -> String
    @discardableResult func send(
        message: String,
        completionHandler: (any SendMessageCompletionHandler)?
    ) throws -> String
    @discardableResult func send(message: String, isHintQuestion: Bool?) throws -> String
    @discardableResult
    func send(
        message: String,
        data: [String: Any]?,
        completionHandler: (any DataMessageCompletionHandler)?
    ) throws
        -> String
    @discardableResult
    func send(
        file: Data,
        filename: String,
        mimeType: String,
        completionHandler: (any SendFileCompletionHandler)?
    ) throws
        -> String
    @discardableResult
    func uploadFilesToServer(
        file: Data,
        filename: String,
        mimeType: String,
        completionHandler: (any UploadFileToServerCompletionHandler)?
    ) throws -> String
    @discardableResult
    func send(uploadedFiles: [any UploadedFile], completionHandler: (any SendFilesCompletionHandler)?) throws -> String
    func deleteUploadedFiles(fileGuid: String, completionHandler: (any DeleteUploadedFileCompletionHandler)?) throws
    func sendSticker(withId stickerId: Int, completionHandler: (any SendStickerCompletionHandler)?) throws
    /// Replies with a quote; nil when `repliedMessage` cannot be replied to.
    @discardableResult func reply(message: String, repliedMessage: any Message) throws -> String?
    /// False when the message cannot be edited.
    @discardableResult
    func edit(message: any Message, text: String, completionHandler: (any EditMessageCompletionHandler)?) throws -> Bool
    /// False when the message cannot be deleted.
    @discardableResult
    func delete(message: any Message, completionHandler: (any DeleteMessageCompletionHandler)?) throws -> Bool
    /// v3: likes or dislikes an operator's message. False when `canVisitorReact()` is false, or when a reaction is
    /// already given and `canVisitorChangeReaction()` is false.
    @discardableResult
    func react(
        message: any Message,
        reaction: ReactionString,
        completionHandler: (any ReactionCompletionHandler)?
    ) throws -> Bool
    func sendKeyboardRequest(
        button: any KeyboardButton,
        message: any Message,
        completionHandler: (any SendKeyboardRequestCompletionHandler)?
    ) throws
    func sendKeyboardRequest(
        buttonID: String,
        messageCurrentChatID: String,
        completionHandler: (any SendKeyboardRequestCompletionHandler)?
    ) throws
    /// Clears the visitor's history on the service and here.
    func clearHistory() throws
    func searchStreamMessagesBy(query: String, completionHandler: (any SearchMessagesCompletionHandler)?) throws
    func getRawConfig(forLocation: String, completionHandler: (any RawLocationConfigCompletionHandler)?) throws
    func getServerSideSettings(completionHandler: (any ServerSideSettingsCompletionHandler)?) throws
    /// Asks the account's hints service (the config's `visitor_hints_api_endpoint`) for questions that complete
    /// `text`; `hintApiInvalid` when the config names none or its answer is not the suggestions' JSON.
    func autocomplete(text: String, completionHandler: (any AutocompleteCompletionHandler)?) throws
    /// `autocomplete(text:completionHandler:)` for async code: throws `AutocompleteError` when it fails.
    func autocomplete(text: String) async throws -> [String]
    // MARK: Surveys

    /// Answers the survey's open question: stars `"1"`…`"5"`, a radio option's 1-based index, or a comment's text.
    func send(surveyAnswer: String, completionHandler: (any SendSurveyAnswerCompletionHandler)?) throws
    /// `send(surveyAnswer:completionHandler:)` for async code: throws `SendSurveyAnswerError` when refused.
    func send(surveyAnswer: String) async throws
    /// Closes the active survey without answering the rest.
    func closeSurvey(completionHandler: (any SurveyCloseCompletionHandler)?) throws
    /// `closeSurvey(completionHandler:)` for async code: throws `SurveyCloseError` when refused.
    func closeSurvey() async throws

    /// A tracker of the messages; any earlier tracker of this stream is destroyed.
    func newMessageTracker(messageListener: any MessageListener) throws -> any MessageTracker

    // MARK: Listeners

    func set(visitSessionStateListener: any VisitSessionStateListener)
    func set(chatStateListener: any ChatStateListener)
    func set(currentOperatorChangeListener: any CurrentOperatorChangeListener)
    func set(departmentListChangeListener: any DepartmentListChangeListener)
    func set(operatorTypingListener: any OperatorTypingListener)
    func set(locationSettingsChangeListener: any LocationSettingsChangeListener)
    func set(onlineStatusChangeListener: any OnlineStatusChangeListener)
    func set(unreadByOperatorTimestampChangeListener: any UnreadByOperatorTimestampChangeListener)
    func set(unreadByVisitorMessageCountChangeListener: any UnreadByVisitorMessageCountChangeListener)
    func set(unreadByVisitorTimestampChangeListener: any UnreadByVisitorTimestampChangeListener)
    func set(helloMessageListener: any HelloMessageListener)
    func set(surveyListener: any SurveyListener)
}
