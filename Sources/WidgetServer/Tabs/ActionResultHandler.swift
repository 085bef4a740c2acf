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

    func onFailure(messageID: String, error: DataMessageError) { fail(error) }
    func onFailure(messageID: String, error: EditMessageError) { fail(error) }
    func onFailure(messageID: String, error: DeleteMessageError) { fail(error) }
    func onFailure(messageID: String, error: SendFileError) { fail(error) }
    func onFailure(messageID: String, error: KeyboardResponseError) { fail(error) }
    func onFailure(error: RateOperatorError) { fail(error) }
    func onFailure(error: SendDialogToEmailAddressError) { fail(error) }
    func onFailure(error: ReactionError) { fail(error) }

    private func succeed() { events.publish(.result(.success(clientID))) }

    private func fail(_ error: some Error) {
        let code = Self.snakeCase(String(describing: error))
        events.publish(
            .result(.failure(clientID, code: code, message: Self.messages[code] ?? "The chat service refused it."))
        )
    }

    /// `fileSizeExceeded` → `file_size_exceeded`.
    static func snakeCase(_ name: String) -> String {
        var result = ""
        for character in name {
            if character.isUppercase {
                result += "_" + character.lowercased()
            } else {
                result.append(character)
            }
        }
        return result
    }

    private static let messages: [String: String] = [
        "not_allowed": "This is not allowed now.",
        "message_not_owned": "Only your own messages can be changed.",
        "message_empty": "A message needs some text.",
        "max_length_exceeded": "The message is too long.",
        "message_not_found": "The message no longer exists.",
        "file_size_exceeded": "The file is too large.",
        "file_type_not_allowed": "Files of this type are not allowed.",
        "upload_not_allowed": "Files cannot be sent here.",
        "no_chat": "There is no chat yet.",
        "sent_too_many_times": "The transcript was sent too many times.",
        "rate_disabled": "Rating is turned off.",
        "operator_not_in_chat": "That operator is not in this chat.",
        "wrong_operator_id": "There is no such operator.",
        "note_is_too_long": "The note is too long.",
        "can_not_create_response": "That button can no longer be chosen.",
    ]
}
