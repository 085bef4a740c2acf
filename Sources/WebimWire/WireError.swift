/// The `error` strings of PROTOCOL.md §2.6, §5.3, §6 and §7, spelled exactly as the wire does.
public enum WireError {
    // Init, delta and any action (§2.6); the last five are fatal to the client.
    public static let reinitRequired = "reinit-required"
    public static let providedAuthTokenNotFound = "provided-auth-token-not-found"
    public static let accountBlocked = "account-blocked"
    public static let visitorBanned = "visitor_banned"
    public static let wrongProvidedVisitorHash = "wrong-provided-visitor-hash-value"
    public static let providedVisitorExpired = "provided-visitor-expired"
    public static let wrongInit = "wrong-init"

    // chat.message replies, nested in `data.error` (§5.3).
    public static let quotingMessageThatCannotBeReplied = "quoting-message-that-cannot-be-replied"
    public static let quotingMessageFromAnotherVisitor = "quoting-message-from-another-visitor"
    public static let corruptedQuotedMessageID = "corrupted-quoted-message-id"
    public static let multipleQuotedMessagesFound = "multiple-quoted-messages-found"
    public static let quotedMessageNotFound = "quoted-message-not-found"
    public static let requiredQuoteArgsMissing = "required-quote-args-missing"

    // chat.message edits, chat.delete_message, chat.react_message.
    public static let maxMessageLengthExceeded = "max-message-length-exceeded"
    public static let notAllowed = "not_allowed"
    public static let messageNotOwned = "message_not_owned"
    public static let messageEmpty = "message_empty"
    public static let wrongMessageKind = "wrong_message_kind"
    public static let messageNotFound = "message_not_found"

    // Rating and resolution survey.
    public static let noChat = "no-chat"
    public static let operatorNotInChat = "operator-not-in-chat"
    public static let rateDisabled = "rate-disabled"
    public static let noteIsTooLong = "note-is-too-long"
    public static let rateValueIncorrect = "rate-value-incorrect"
    public static let wrongOperatorID = "wrong-operator-id"
    public static let operatorAlreadyRated = "operator-already-rated"
    public static let resolutionSurveyValueIncorrect = "resolution-survey-value-incorrect"
    public static let ratedEntityMismatch = "rated-entity-mismatch"
    public static let visitorSegmentMismatch = "visitor-segment-mismatch"
    public static let rateFormMismatch = "rate-form-mismatch"

    // Keyboards.
    public static let buttonIDNotSet = "button-id-not-set"
    public static let requestMessageIDNotSet = "request-message-id-not-set"
    public static let cannotCreateResponse = "cannot-create-response"
    public static let canNotCreateResponseLegacy = "can-not-create-response"

    // Transcript, surveys, stickers, geo, contacts, offline messages.
    public static let chatHistorySentTooManyTimes = "chat-history-sent-too-many-times"
    public static let surveyDisabled = "survey_disabled"
    public static let noCurrentSurvey = "no-current-survey"
    public static let incorrectSurveyID = "incorrect-survey-id"
    public static let incorrectStarsValue = "incorrect-stars-value"
    public static let incorrectRadioValue = "incorrect-radio-value"
    public static let maxCommentLengthExceeded = "max-comment-length-exceeded"
    public static let questionNotFound = "question-not-found"
    public static let noStickerID = "no-sticker-id"
    public static let invalidCoordinatesReceived = "invalid-coordinates-received"
    public static let emailChangedTooManyTimes = "email-changed-too-many-times"
    public static let noTariffOption = "no-tariff-option"

    // Any action (§5.3, "other known codes").
    public static let wrongArgumentValue = "wrong-argument-value"
    public static let chatRequired = "chat-required"
    public static let contentTypeNotRecognized = "content_type_not_recognized"
    public static let domainNotFromWhitelist = "domain-not-from-whitelist"
    public static let noPreviousChats = "no_previous_chats"
    public static let settingDisabled = "setting_disabled"
    public static let serverNotReady = "server-not-ready"
    public static let sessionNotFound = "session_not_found"
    public static let unknownMethod = "unknown-method"
    public static let noPartnerOption = "no-partner-option"
    public static let argumentMissing = "argument-missing"
    public static let wrongProvidedVisitorExpiresValue = "wrong-provided-visitor-expires-value"
    public static let internalError = "internal_error"
    /// History: treated like `internal_error` (§6).
    public static let unknown = "unknown"

    // Files (§7).
    public static let maxFileSizeExceeded = "max_file_size_exceeded"
    public static let fileSizeTooSmall = "file_size_too_small"
    public static let notAllowedFileType = "not_allowed_file_type"
    public static let notAllowedMimeType = "not_allowed_mime_type"
    public static let notMatchingMagicNumbers = "not_matching_magic_numbers"
    public static let uploadedFileNotFound = "uploaded-file-not-found"
    public static let unauthorized = "unauthorized"
    public static let maxFilesCountPerChatExceeded = "max_files_count_per_chat_exceeded"
    public static let maliciousFileDetected = "malicious_file_detected"
    public static let fileNotFound = "file-not-found"
    /// Android's spelling of `fileNotFound`.
    public static let fileNotFoundLegacy = "file_not_found"
    public static let fileHasBeenSent = "file-has-been-sent"

    // Storage budgets: this service's own, not the reference's. An SDK that does not know them reports a refused
    // upload or message as `unknown`, as it does any code it has no case for.
    /// An upload or message would take the visitor past the bytes the service keeps for one visitor, in all chats.
    public static let visitorBudgetExceeded = "visitor_budget_exceeded"
    /// The service's data folder holds as many bytes as it is allowed; it stores nothing new.
    public static let storageBudgetExceeded = "storage_budget_exceeded"

    /// The errors with a named fatal type in the SDK (§2.6); all but `wrong-init` are fatal on actions too.
    public static let fatal: Set<String> = [
        accountBlocked, visitorBanned, wrongProvidedVisitorHash, providedVisitorExpired, wrongInit,
    ]
}
