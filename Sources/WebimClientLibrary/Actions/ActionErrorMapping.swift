import WebimWire

// Wire error strings → the reference's error cases (PROTOCOL.md §5.3). Anything unlisted is `.unknown`.

extension DataMessageError {
    init(wireCode: String) {
        switch wireCode {
        case WireError.quotingMessageThatCannotBeReplied: self = .quotedMessageCanNotBeReplied
        case WireError.quotingMessageFromAnotherVisitor: self = .quotedMessageFromAnotherVisitor
        case WireError.multipleQuotedMessagesFound: self = .quotedMessageMultipleIds
        case WireError.requiredQuoteArgsMissing: self = .quotedMessageRequiredArgumentsMissing
        case WireError.corruptedQuotedMessageID, WireError.quotedMessageNotFound: self = .quotedMessageWrongId
        default: self = .unknown
        }
    }
}

extension ReactionError {
    init(wireCode: String) {
        switch wireCode {
        case WireError.notAllowed: self = .notAllowed
        case WireError.messageNotOwned: self = .messageNotOwned
        case WireError.messageNotFound: self = .messageNotFound
        default: self = .unknown
        }
    }
}

extension EditMessageError {
    init(wireCode: String) {
        switch wireCode {
        case WireError.notAllowed: self = .notAllowed
        case WireError.messageEmpty: self = .messageEmpty
        case WireError.messageNotOwned: self = .messageNotOwned
        case WireError.maxMessageLengthExceeded: self = .maxLengthExceeded
        case WireError.wrongMessageKind: self = .wrongMesageKind
        default: self = .unknown
        }
    }
}

extension DeleteMessageError {
    init(wireCode: String) {
        switch wireCode {
        case WireError.notAllowed: self = .notAllowed
        case WireError.messageNotOwned: self = .messageNotOwned
        case WireError.messageNotFound: self = .messageNotFound
        default: self = .unknown
        }
    }
}

extension SendFileError {
    /// Not a wire string: the library's own refusal when the location config forbids uploads.
    static let uploadNotAllowedCode = "upload-not-allowed"

    init(wireCode: String) {
        switch wireCode {
        case WireError.maxFileSizeExceeded: self = .fileSizeExceeded
        case WireError.notAllowedFileType, WireError.notAllowedMimeType, WireError.notMatchingMagicNumbers:
            self = .fileTypeNotAllowed
        case WireError.uploadedFileNotFound: self = .uploadedFileNotFound
        case WireError.unauthorized: self = .unauthorized
        case WireError.fileSizeTooSmall: self = .fileSizeTooSmall
        case WireError.maxFilesCountPerChatExceeded: self = .maxFilesCountPerChatExceeded
        case WireError.maliciousFileDetected: self = .maliciousFileDetected
        case Self.uploadNotAllowedCode: self = .uploadNotAllowed
        default: self = .unknown
        }
    }
}

extension KeyboardResponseError {
    init(wireCode: String) {
        switch wireCode {
        case WireError.noChat: self = .noChat
        case WireError.buttonIDNotSet: self = .buttonIdNotSet
        case WireError.requestMessageIDNotSet: self = .requestMessageIdNotSet
        case WireError.cannotCreateResponse, WireError.canNotCreateResponseLegacy: self = .canNotCreateResponse
        default: self = .unknown
        }
    }
}

extension RateOperatorError {
    init(wireCode: String) {
        switch wireCode {
        case WireError.noChat: self = .noChat
        case WireError.wrongOperatorID: self = .wrongOperatorId
        case WireError.noteIsTooLong: self = .noteIsTooLong
        case WireError.operatorNotInChat: self = .operatorNotInChat
        case WireError.rateDisabled: self = .rateDisabled
        case WireError.rateValueIncorrect: self = .rateValueIncorrect
        default: self = .unknown
        }
    }
}

extension SendResolutionError {
    init(wireCode: String) {
        switch wireCode {
        case WireError.noChat: self = .noChat
        case WireError.rateDisabled: self = .rateDisabled
        case WireError.operatorNotInChat: self = .operatorNotInChat
        case WireError.resolutionSurveyValueIncorrect: self = .resolutionSurveyValueIncorrect
        case WireError.rateFormMismatch: self = .rateFormMismatch
        case WireError.visitorSegmentMismatch: self = .visitorSegmentMismatch
        case WireError.ratedEntityMismatch: self = .ratedEntityMismatch
        default: self = .unknown
        }
    }
}

extension SendDialogToEmailAddressError {
    init(wireCode: String) {
        switch wireCode {
        case WireError.noChat: self = .noChat
        case WireError.chatHistorySentTooManyTimes: self = .sentTooManyTimes
        default: self = .unknown
        }
    }
}

extension ContactsError {
    init(wireCode: String) {
        self = wireCode == WireError.emailChangedTooManyTimes ? .emailChangedTooManyTimes : .unknown
    }
}

extension SendStickerError {
    init(wireCode: String) {
        self = wireCode == WireError.noStickerID ? .noStickerId : .unknown
    }
}

extension SendFilesError {
    init(wireCode: String) {
        switch wireCode {
        case WireError.uploadedFileNotFound: self = .fileNotFound
        case WireError.maxFilesCountPerChatExceeded: self = .maxFilesCountPerMessage
        default: self = .unknown
        }
    }
}

extension DeleteUploadedFileError {
    init(wireCode: String) {
        switch wireCode {
        case WireError.fileNotFound, WireError.fileNotFoundLegacy: self = .fileNotFound
        case WireError.fileHasBeenSent: self = .fileHasBeenSent
        default: self = .unknown
        }
    }
}

extension SendSurveyAnswerError {
    init(wireCode: String) {
        switch wireCode {
        case WireError.incorrectRadioValue: self = .incorrectRadioValue
        case WireError.incorrectStarsValue: self = .incorrectStarsValue
        case WireError.incorrectSurveyID: self = .incorrectSurveyID
        case WireError.maxCommentLengthExceeded: self = .maxCommentLenghtExceeded
        case WireError.noCurrentSurvey: self = .noCurrentSurvey
        case WireError.questionNotFound: self = .questionNotFound
        case WireError.surveyDisabled: self = .surveyDisabled
        default: self = .unknown
        }
    }
}

extension SurveyCloseError {
    init(wireCode: String) {
        switch wireCode {
        case WireError.incorrectSurveyID: self = .incorrectSurveyID
        case WireError.noCurrentSurvey: self = .noCurrentSurvey
        case WireError.surveyDisabled: self = .surveyDisabled
        default: self = .unknown
        }
    }
}
