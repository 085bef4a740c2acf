import WebimClientLibrary

/// Why the chat service refused one of the page's actions, as a `result` event's `error` says it: each code written
/// out, so a renamed Swift case cannot change what the page reads (a golden test holds the list).
enum ActionFailure: String, CaseIterable, Sendable {
    case unknown = "unknown"
    case quotedMessageCanNotBeReplied = "quoted_message_can_not_be_replied"
    case quotedMessageFromAnotherVisitor = "quoted_message_from_another_visitor"
    case quotedMessageMultipleIds = "quoted_message_multiple_ids"
    case quotedMessageRequiredArgumentsMissing = "quoted_message_required_arguments_missing"
    case quotedMessageWrongId = "quoted_message_wrong_id"
    case notAllowed = "not_allowed"
    case messageEmpty = "message_empty"
    case messageNotOwned = "message_not_owned"
    case maxLengthExceeded = "max_length_exceeded"
    // The reference's spelling of the case, kept since the page has always read it this way.
    case wrongMessageKind = "wrong_mesage_kind"
    case messageNotFound = "message_not_found"
    case fileSizeExceeded = "file_size_exceeded"
    case fileTypeNotAllowed = "file_type_not_allowed"
    case uploadedFileNotFound = "uploaded_file_not_found"
    case uploadCanceled = "upload_canceled"
    case unauthorized = "unauthorized"
    case fileSizeTooSmall = "file_size_too_small"
    case maxFilesCountPerChatExceeded = "max_files_count_per_chat_exceeded"
    case maliciousFileDetected = "malicious_file_detected"
    case uploadNotAllowed = "upload_not_allowed"
    case noChat = "no_chat"
    case buttonIdNotSet = "button_id_not_set"
    case requestMessageIdNotSet = "request_message_id_not_set"
    case canNotCreateResponse = "can_not_create_response"
    case wrongOperatorId = "wrong_operator_id"
    case noteIsTooLong = "note_is_too_long"
    case operatorNotInChat = "operator_not_in_chat"
    case rateDisabled = "rate_disabled"
    case rateValueIncorrect = "rate_value_incorrect"
    case sentTooManyTimes = "sent_too_many_times"
    case emailChangedTooManyTimes = "email_changed_too_many_times"
    case visitorBudgetExceeded = "visitor_budget_exceeded"
    case storageBudgetExceeded = "storage_budget_exceeded"
    case surveyDisabled = "survey_disabled"
    case noCurrentSurvey = "no_current_survey"
    case incorrectSurveyId = "incorrect_survey_id"
    case incorrectStarsValue = "incorrect_stars_value"
    case incorrectRadioValue = "incorrect_radio_value"
    case maxCommentLengthExceeded = "max_comment_length_exceeded"
    case questionNotFound = "question_not_found"
    case noStickerId = "no_sticker_id"
    case resolutionSurveyValueIncorrect = "resolution_survey_value_incorrect"
    case fileHasBeenSent = "file_has_been_sent"

    /// The sentence the page shows.
    var message: String {
        switch self {
        case .unknown: "The chat service refused it."
        case .quotedMessageCanNotBeReplied: "That message cannot be replied to."
        case .quotedMessageFromAnotherVisitor: "Only messages of this chat can be quoted."
        case .quotedMessageMultipleIds: "Only one message can be quoted."
        case .quotedMessageRequiredArgumentsMissing: "The quoted message could not be found."
        case .quotedMessageWrongId: "The quoted message no longer exists."
        case .notAllowed: "This is not allowed now."
        case .messageEmpty: "A message needs some text."
        case .messageNotOwned: "Only your own messages can be changed."
        case .maxLengthExceeded: "The message is too long."
        case .wrongMessageKind: "This kind of message cannot be edited."
        case .messageNotFound: "The message no longer exists."
        case .fileSizeExceeded: "The file is too large."
        case .fileTypeNotAllowed: "Files of this type are not allowed."
        case .uploadedFileNotFound: "The uploaded file is no longer there."
        case .uploadCanceled: "The upload was cancelled."
        case .unauthorized: "The chat service did not accept this visitor."
        case .fileSizeTooSmall: "The file is too small."
        case .maxFilesCountPerChatExceeded: "This chat cannot take more files."
        case .maliciousFileDetected: "The file was refused as unsafe."
        case .uploadNotAllowed: "Files cannot be sent here."
        case .noChat: "There is no chat yet."
        case .buttonIdNotSet, .requestMessageIdNotSet: "That button could not be sent."
        case .canNotCreateResponse: "That button can no longer be chosen."
        case .wrongOperatorId: "There is no such operator."
        case .noteIsTooLong: "The note is too long."
        case .operatorNotInChat: "That operator is not in this chat."
        case .rateDisabled: "Rating is turned off."
        case .rateValueIncorrect: "A rating is from 1 to 5."
        case .sentTooManyTimes: "The transcript was sent too many times."
        case .emailChangedTooManyTimes: "The e-mail address was changed too many times."
        case .visitorBudgetExceeded: "This chat has stored as much as it can for one visitor (the visitor budget)."
        case .storageBudgetExceeded: "The chat service's storage is full (the server's storage budget)."
        case .surveyDisabled: "Surveys are turned off."
        case .noCurrentSurvey: "The survey has already ended."
        case .incorrectSurveyId: "That survey is no longer open."
        case .incorrectStarsValue: "Stars are from 1 to 5."
        case .incorrectRadioValue: "Choose one of the options."
        case .maxCommentLengthExceeded: "The comment is too long."
        case .questionNotFound: "That question is no longer asked."
        case .noStickerId: "The chat service has no such sticker."
        case .resolutionSurveyValueIncorrect: "The answer is yes or no."
        case .fileHasBeenSent: "The file has already been sent."
        }
    }
}

extension ActionFailure {
    init(_ error: SendFilesError) {
        switch error {
        case .fileNotFound: self = .uploadedFileNotFound
        case .maxFilesCountPerMessage: self = .maxFilesCountPerChatExceeded
        case .unknown: self = .unknown
        }
    }

    init(_ error: DeleteUploadedFileError) {
        switch error {
        case .fileNotFound: self = .uploadedFileNotFound
        case .fileHasBeenSent: self = .fileHasBeenSent
        case .unknown: self = .unknown
        }
    }

    init(_ refusal: StorageRefusal) {
        switch refusal {
        case .visitorBudget: self = .visitorBudgetExceeded
        case .serverBudget: self = .storageBudgetExceeded
        }
    }

    init(_ error: DataMessageError) {
        switch error {
        case .unknown: self = .unknown
        case .quotedMessageCanNotBeReplied: self = .quotedMessageCanNotBeReplied
        case .quotedMessageFromAnotherVisitor: self = .quotedMessageFromAnotherVisitor
        case .quotedMessageMultipleIds: self = .quotedMessageMultipleIds
        case .quotedMessageRequiredArgumentsMissing: self = .quotedMessageRequiredArgumentsMissing
        case .quotedMessageWrongId: self = .quotedMessageWrongId
        }
    }

    init(_ error: EditMessageError) {
        switch error {
        case .unknown: self = .unknown
        case .notAllowed: self = .notAllowed
        case .messageEmpty: self = .messageEmpty
        case .messageNotOwned: self = .messageNotOwned
        case .maxLengthExceeded: self = .maxLengthExceeded
        case .wrongMesageKind: self = .wrongMessageKind
        }
    }

    init(_ error: DeleteMessageError) {
        switch error {
        case .unknown: self = .unknown
        case .notAllowed: self = .notAllowed
        case .messageNotOwned: self = .messageNotOwned
        case .messageNotFound: self = .messageNotFound
        }
    }

    init(_ error: ReactionError) {
        switch error {
        case .unknown: self = .unknown
        case .notAllowed: self = .notAllowed
        case .messageNotOwned: self = .messageNotOwned
        case .messageNotFound: self = .messageNotFound
        }
    }

    init(_ error: SendFileError) {
        switch error {
        case .fileSizeExceeded: self = .fileSizeExceeded
        case .fileTypeNotAllowed: self = .fileTypeNotAllowed
        case .uploadedFileNotFound: self = .uploadedFileNotFound
        case .unknown: self = .unknown
        case .uploadCanceled: self = .uploadCanceled
        case .unauthorized: self = .unauthorized
        case .fileSizeTooSmall: self = .fileSizeTooSmall
        case .maxFilesCountPerChatExceeded: self = .maxFilesCountPerChatExceeded
        case .maliciousFileDetected: self = .maliciousFileDetected
        case .uploadNotAllowed: self = .uploadNotAllowed
        }
    }

    init(_ error: KeyboardResponseError) {
        switch error {
        case .noChat: self = .noChat
        case .buttonIdNotSet: self = .buttonIdNotSet
        case .requestMessageIdNotSet: self = .requestMessageIdNotSet
        case .canNotCreateResponse: self = .canNotCreateResponse
        case .unknown: self = .unknown
        }
    }

    init(_ error: RateOperatorError) {
        switch error {
        case .noChat: self = .noChat
        case .wrongOperatorId: self = .wrongOperatorId
        case .noteIsTooLong: self = .noteIsTooLong
        case .operatorNotInChat: self = .operatorNotInChat
        case .rateDisabled: self = .rateDisabled
        case .rateValueIncorrect: self = .rateValueIncorrect
        case .unknown: self = .unknown
        }
    }

    init(_ error: SendDialogToEmailAddressError) {
        switch error {
        case .noChat: self = .noChat
        case .sentTooManyTimes: self = .sentTooManyTimes
        case .unknown: self = .unknown
        }
    }

    init(_ error: SendSurveyAnswerError) {
        switch error {
        case .incorrectRadioValue: self = .incorrectRadioValue
        case .incorrectStarsValue: self = .incorrectStarsValue
        case .incorrectSurveyID: self = .incorrectSurveyId
        case .maxCommentLenghtExceeded: self = .maxCommentLengthExceeded
        case .noCurrentSurvey: self = .noCurrentSurvey
        case .questionNotFound: self = .questionNotFound
        case .surveyDisabled: self = .surveyDisabled
        case .unknown: self = .unknown
        }
    }

    init(_ error: SurveyCloseError) {
        switch error {
        case .incorrectSurveyID: self = .incorrectSurveyId
        case .noCurrentSurvey: self = .noCurrentSurvey
        case .surveyDisabled: self = .surveyDisabled
        case .unknown: self = .unknown
        }
    }

    init(_ error: ContactsError) {
        switch error {
        case .emailChangedTooManyTimes: self = .emailChangedTooManyTimes
        case .unknown: self = .unknown
        }
    }

    init(_ error: SendStickerError) {
        switch error {
        case .noStickerId: self = .noStickerId
        case .unknown: self = .unknown
        }
    }

    init(_ error: SendResolutionError) {
        switch error {
        case .noChat: self = .noChat
        case .rateDisabled: self = .rateDisabled
        case .operatorNotInChat: self = .operatorNotInChat
        case .resolutionSurveyValueIncorrect: self = .resolutionSurveyValueIncorrect
        // The chat's rating form does not take this answer from this visitor: for the page, not allowed now.
        case .rateFormMismatch, .visitorSegmentMismatch, .ratedEntityMismatch: self = .notAllowed
        case .unknown: self = .unknown
        }
    }
}
