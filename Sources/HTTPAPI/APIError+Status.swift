package import HTTPTypes

extension APIError.Code {
    /// The HTTP status every error with this code is answered with.
    package var status: HTTPResponse.Status {
        switch self {
        case .badRequest, .invalidJSON, .missingField, .invalidField, .badInput, .invalidLocation,
            .invalidVisitorFields, .invalidDepartmentKey, .prechatTooLong, .invalidCoreLog, .invalidResume,
            .invalidTabID, .invalidClear, .invalidLastEventID, .invalidAfter, .invalidClientID, .emptyText,
            .invalidText, .invalidQuotedMessageID, .quoteWithData, .invalidReaction, .invalidID, .invalidMessageID,
            .invalidButtonID, .draftTooLong, .invalidRating, .noteTooLong, .invalidOperatorID, .invalidAction,
            .firstQuestionTooLong, .invalidCustomFields, .invalidEmail, .contactTooLong, .invalidPhone,
            .noContacts, .invalidMultipart, .emptyFile, .invalidGUID,
            .invalidThumb, .invalidLimit, .invalidBefore, .invalidOption, .invalidPath, .invalidWidget,
            .invalidVariant, .invalidSurveyAnswer, .invalidResolutionAnswer, .hintTextTooLong, .tooManyFiles,
            .unknownField:
            .badRequest
        case .unauthorized: .unauthorized
        case .forbiddenHost, .forbiddenOrigin, .invalidCredential, .credentialExpired, .kioskUploadsOff,
            .kioskDownloadsOff, .previewSaveForbidden:
            .forbidden
        case .notFound, .unknownTab, .unknownMessage, .unknownButton, .unknownFile, .noCoreLog,
            .unknownSticker:
            .notFound
        case .methodNotAllowed: .methodNotAllowed
        case .conflict, .sessionEnded, .historyBusy, .cannotReply, .cannotEdit, .cannotDelete, .cannotReact,
            .notAnActionRequest,
            .notAKeyboard, .noOperator, .uploadsNotAllowed, .noSurvey, .hintsUnavailable, .uploadRefused,
            .tooManyUploads:
            .conflict
        // A message text over the limit is content too large; other over-long fields are bad input.
        case .bodyTooLarge, .textTooLong, .fileTooLarge: .contentTooLarge
        case .unsupportedMediaType, .notMultipart, .fileTypeNotAllowed: .unsupportedMediaType
        case .rangeNotSatisfiable: .rangeNotSatisfiable
        case .rateLimited, .tooManyTabsForClient: .tooManyRequests
        case .internalError, .templateMissing, .previewConfigMissing, .previewConfigInvalid: .internalServerError
        case .fileUnavailable, .hintsUnanswered, .statesUnavailable: .badGateway
        case .tooManyTabs, .draining, .sessionFailed, .storageUnavailable: .serviceUnavailable
        // Insufficient Storage (RFC 4918): the byte budget is what is exhausted, not the request that is too large.
        case .visitorBudgetExceeded, .storageBudgetExceeded: .insufficientStorage
        }
    }
}

extension HTTPResponse.Status {
    /// 507 Insufficient Storage, which HTTPTypes does not name.
    package static let insufficientStorage = HTTPResponse.Status(code: 507, reasonPhrase: "Insufficient Storage")
}
