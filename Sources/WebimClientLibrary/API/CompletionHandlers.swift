// Completion handlers of `MessageStream`: called once, on the session's executor.

/// Result of `send(message:data:completionHandler:)`.
public protocol DataMessageCompletionHandler: AnyObject, Sendable {
    func onSuccess(messageID: String)
    func onFailure(messageID: String, error: DataMessageError)
}

/// v3: result of `send(message:completionHandler:)`.
public protocol SendMessageCompletionHandler: AnyObject, Sendable {
    func onSuccess(messageID: String)
}

/// Result of `edit(message:text:completionHandler:)`.
public protocol EditMessageCompletionHandler: AnyObject, Sendable {
    func onSuccess(messageID: String)
    func onFailure(messageID: String, error: EditMessageError)
}

/// Result of `delete(message:completionHandler:)`.
public protocol DeleteMessageCompletionHandler: AnyObject, Sendable {
    func onSuccess(messageID: String)
    func onFailure(messageID: String, error: DeleteMessageError)
}

/// Result of `react(message:reaction:completionHandler:)`.
public protocol ReactionCompletionHandler: AnyObject, Sendable {
    func onSuccess(messageID: String)
    func onFailure(error: ReactionError)
}

/// Result of `send(file:filename:mimeType:completionHandler:)`.
public protocol SendFileCompletionHandler: AnyObject, Sendable {
    func onSuccess(messageID: String)
    func onFailure(messageID: String, error: SendFileError)
}

/// Result of `sendKeyboardRequest`.
public protocol SendKeyboardRequestCompletionHandler: AnyObject, Sendable {
    func onSuccess(messageID: String)
    func onFailure(messageID: String, error: KeyboardResponseError)
}

/// Result of `rateOperatorWith`.
public protocol RateOperatorCompletionHandler: AnyObject, Sendable {
    func onSuccess()
    func onFailure(error: RateOperatorError)
}

/// Result of `sendResolutionSurvey(id:answer:completionHandler:)`.
public protocol SendResolutionCompletionHandler: AnyObject, Sendable {
    func onSuccess()
    func onFailure(error: SendResolutionError)
}

/// Result of `sendDialogTo(emailAddress:completionHandler:)`.
public protocol SendDialogToEmailAddressCompletionHandler: AnyObject, Sendable {
    func onSuccess()
    func onFailure(error: SendDialogToEmailAddressError)
}

/// iOS 4.0: result of `resend(message:completionHandler:)`.
public protocol ResendMessageCompletionHandler: AnyObject, Sendable {
    func onSuccess(messageID: String)
    func onFailure()
}

/// iOS 4.0: result of `sendContacts(contacts:completionHandler:)`.
public protocol ContactsCompletionHandler: AnyObject, Sendable {
    func onSuccess()
    func onFailure(error: ContactsError)
}

/// v3: result of `getServerSideSettings(completionHandler:)`.
public protocol ServerSideSettingsCompletionHandler: AnyObject, Sendable {
    func onSuccess(webimServerSideSettings: WebimServerSideSettings)
    func onFailure()
}

/// v3: result of `getRawConfig(forLocation:completionHandler:)`.
public protocol RawLocationConfigCompletionHandler: AnyObject, Sendable {
    func onSuccess(rawLocationConfig: [String: Any?])
    func onFailure()
}

/// v3: result of `searchStreamMessagesBy(query:completionHandler:)`.
public protocol SearchMessagesCompletionHandler: AnyObject, Sendable {
    func onSearchMessageSuccess(query: String, messages: [any Message])
    func onSearchMessageFailure(query: String)
}

/// iOS 4.0: result of `autocomplete(text:completionHandler:)`: the hints service's suggestions, best first.
public protocol AutocompleteCompletionHandler: AnyObject, Sendable {
    func onSuccess(text: [String])
    func onFailure(error: AutocompleteError)
}

/// iOS 4.0: result of `sendSticker(withId:completionHandler:)`.
public protocol SendStickerCompletionHandler: AnyObject, Sendable {
    func onSuccess()
    func onFailure(error: SendStickerError)
}

/// iOS 4.0: result of `uploadFilesToServer(file:filename:mimeType:completionHandler:)`.
public protocol UploadFileToServerCompletionHandler: AnyObject, Sendable {
    func onSuccess(id: String, uploadedFile: any UploadedFile)
    func onFailure(messageID: String, error: SendFileError)
}

/// iOS 4.0: result of `send(uploadedFiles:completionHandler:)`.
public protocol SendFilesCompletionHandler: AnyObject, Sendable {
    func onSuccess(messageID: String)
    func onFailure(messageID: String, error: SendFilesError)
}

/// iOS 4.0: result of `deleteUploadedFiles(fileGuid:completionHandler:)`.
public protocol DeleteUploadedFileCompletionHandler: AnyObject, Sendable {
    func onSuccess()
    func onFailure(error: DeleteUploadedFileError)
}
