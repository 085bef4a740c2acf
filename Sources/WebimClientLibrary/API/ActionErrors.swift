// The errors passed to completion handlers, with the wire strings that map to each case (PROTOCOL.md §5.3).

/// Errors of `send(message:data:completionHandler:)` and replies.
public enum DataMessageError: Error, Sendable, Equatable {
    case unknown
    /// `quoting-message-that-cannot-be-replied`
    case quotedMessageCanNotBeReplied
    /// `quoting-message-from-another-visitor`
    case quotedMessageFromAnotherVisitor
    /// `multiple-quoted-messages-found`
    case quotedMessageMultipleIds
    /// `required-quote-args-missing`
    case quotedMessageRequiredArgumentsMissing
    /// `corrupted-quoted-message-id`, `quoted-message-not-found`
    case quotedMessageWrongId
}

/// Errors of `edit(message:text:completionHandler:)`.
public enum EditMessageError: Error, Sendable, Equatable {
    case unknown
    /// `not_allowed`
    case notAllowed
    /// `message_empty`
    case messageEmpty
    /// `message_not_owned`
    case messageNotOwned
    /// `max-message-length-exceeded`
    case maxLengthExceeded
    /// `wrong_message_kind` (the reference's spelling)
    case wrongMesageKind
}

/// Errors of `delete(message:completionHandler:)`.
public enum DeleteMessageError: Error, Sendable, Equatable {
    case unknown
    /// `not_allowed`
    case notAllowed
    /// `message_not_owned`
    case messageNotOwned
    /// `message_not_found`
    case messageNotFound
}

/// Errors of `react(message:reaction:completionHandler:)`.
public enum ReactionError: Error, Sendable, Equatable {
    case unknown
    /// `not_allowed`: the message takes no reaction, or no other one.
    case notAllowed
    /// `message_not_owned`
    case messageNotOwned
    /// `message_not_found`
    case messageNotFound
}

/// Errors of `send(file:filename:mimeType:completionHandler:)` and `uploadFilesToServer`.
public enum SendFileError: Error, Sendable, Equatable {
    /// `max_file_size_exceeded`, or the size checked before upload against the location config.
    case fileSizeExceeded
    /// `not_allowed_file_type`, `not_allowed_mime_type`, `not_matching_magic_numbers`, or the type checked before upload.
    case fileTypeNotAllowed
    /// `uploaded-file-not-found`
    case uploadedFileNotFound
    case unknown
    /// v3: the session was destroyed before the upload finished.
    case uploadCanceled
    /// v3: `unauthorized`
    case unauthorized
    /// iOS 4.0: `file_size_too_small`
    case fileSizeTooSmall
    /// iOS 4.0: `max_files_count_per_chat_exceeded`
    case maxFilesCountPerChatExceeded
    /// iOS 4.0: `malicious_file_detected`
    case maliciousFileDetected
    /// iOS 4.0: the location config forbids visitor uploads (`visitor_upload_file: false`).
    case uploadNotAllowed
}

/// Errors of `sendKeyboardRequest`.
public enum KeyboardResponseError: Error, Sendable, Equatable {
    /// `no-chat`
    case noChat
    /// `button-id-not-set`
    case buttonIdNotSet
    /// `request-message-id-not-set`
    case requestMessageIdNotSet
    /// `cannot-create-response`, `can-not-create-response`
    case canNotCreateResponse
    case unknown
}

/// Errors of `rateOperatorWith`.
public enum RateOperatorError: Error, Sendable, Equatable {
    /// `no-chat`
    case noChat
    /// `wrong-operator-id`
    case wrongOperatorId
    /// v3: `note-is-too-long` (over 2,000 characters)
    case noteIsTooLong
    /// iOS 4.0: `operator-not-in-chat`
    case operatorNotInChat
    /// iOS 4.0: `rate-disabled`
    case rateDisabled
    /// iOS 4.0: `rate-value-incorrect`
    case rateValueIncorrect
    /// iOS 4.0: any other error
    case unknown
}

/// Errors of `sendResolutionSurvey(id:answer:completionHandler:)` (iOS 3.44+).
public enum SendResolutionError: Error, Sendable, Equatable {
    /// `no-chat`
    case noChat
    /// `rate-disabled`
    case rateDisabled
    /// `operator-not-in-chat`
    case operatorNotInChat
    /// `resolution-survey-value-incorrect`
    case resolutionSurveyValueIncorrect
    /// `rate-form-mismatch`
    case rateFormMismatch
    /// `visitor-segment-mismatch`
    case visitorSegmentMismatch
    /// `rated-entity-mismatch`
    case ratedEntityMismatch
    case unknown
}

/// Errors of `sendDialogTo(emailAddress:completionHandler:)`.
public enum SendDialogToEmailAddressError: Error, Sendable, Equatable {
    /// `no-chat`
    case noChat
    /// `chat-history-sent-too-many-times`
    case sentTooManyTimes
    case unknown
}

/// Errors of `sendContacts(contacts:completionHandler:)` (iOS 4.0).
public enum ContactsError: Error, Sendable, Equatable {
    /// `email-changed-too-many-times`
    case emailChangedTooManyTimes
    case unknown
}

/// Errors of `sendSticker(withId:completionHandler:)` (iOS 4.0).
public enum SendStickerError: Error, Sendable, Equatable {
    /// `no-sticker-id`
    case noStickerId
    case unknown
}

/// Errors of `autocomplete(text:completionHandler:)` (iOS 4.0).
public enum AutocompleteError: Error, Sendable, Equatable {
    /// The account config names no hints service, or its answer is not the suggestions' JSON.
    case hintApiInvalid
    case unknown
}

/// Errors of `send(uploadedFiles:completionHandler:)` (iOS 4.0).
public enum SendFilesError: Error, Sendable, Equatable {
    /// `uploaded-file-not-found`
    case fileNotFound
    /// `max_files_count_per_chat_exceeded`
    case maxFilesCountPerMessage
    case unknown
}

/// Errors of `deleteUploadedFiles(fileGuid:completionHandler:)` (iOS 4.0).
public enum DeleteUploadedFileError: Error, Sendable, Equatable {
    /// `file-not-found`, `file_not_found`
    case fileNotFound
    /// `file-has-been-sent`
    case fileHasBeenSent
    case unknown
}
