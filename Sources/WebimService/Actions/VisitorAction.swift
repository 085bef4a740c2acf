import WebimWire

/// A visitor action (PROTOCOL.md §5.2) as typed values, one case per `WireAction`, decoded once from the form
/// (`VisitorAction(form:file:)`) before anything is decided. An argument whose refusal the protocol answers only
/// after a check of the chat or the location stays lenient here (an optional, a `FormValue`), so that the type that
/// decides refuses it in the same order as ever.
enum VisitorAction: Sendable {
    case chatStart(StartChat)
    case chatClose
    case chatMessage(SentMessage)
    case chatDeleteMessage(clientSideID: String)
    case chatReactMessage(clientSideID: String, reaction: Reaction)
    case chatVisitorTyping(Typing)
    case chatReadByVisitor
    case chatOperatorRateSelect(OperatorRating)
    case chatResolutionSurveySelect(ResolutionAnswer)
    case chatKeyboardResponse(buttonID: String, requestMessageID: String)
    /// The prechat fields as sent (stored, never read back here).
    case chatSetPrechatFields(String)
    case chatSendChatHistory(email: String)
    case chatClearHistory
    case chatActionRequest(RecordedForm)
    /// The contacts the visitor gave, as visitor fields.
    case chatContactsResponse([String: String])
    case chatOfflineMessage(OfflineMessage)
    case sticker(stickerID: Int, clientSideID: String)
    case geoResponse(Coordinates, RecordedForm)
    case surveyAnswer(SurveyAnswer)
    case surveyCancel(surveyID: String)
    /// The new push token; nil clears it (`none`).
    case setPushToken(String?)
    case widgetUpdate(RecordedForm)
    case fileUploadProgress(RecordedForm)

    /// The wire name the action was decoded from (a `survey.answer` with nothing but its `survey-id` is iOS's
    /// "close survey", decoded as `survey.cancel`).
    var wireAction: WireAction {
        switch self {
        case .chatStart: .chatStart
        case .chatClose: .chatClose
        case .chatMessage: .chatMessage
        case .chatDeleteMessage: .chatDeleteMessage
        case .chatReactMessage: .chatReactMessage
        case .chatVisitorTyping: .chatVisitorTyping
        case .chatReadByVisitor: .chatReadByVisitor
        case .chatOperatorRateSelect: .chatOperatorRateSelect
        case .chatResolutionSurveySelect: .chatResolutionSurveySelect
        case .chatKeyboardResponse: .chatKeyboardResponse
        case .chatSetPrechatFields: .chatSetPrechatFields
        case .chatSendChatHistory: .chatSendChatHistory
        case .chatClearHistory: .chatClearHistory
        case .chatActionRequest: .chatActionRequest
        case .chatContactsResponse: .chatContactsResponse
        case .chatOfflineMessage: .chatOfflineMessage
        case .sticker: .sticker
        case .geoResponse: .geoResponse
        case .surveyAnswer: .surveyAnswer
        case .surveyCancel: .surveyCancel
        case .setPushToken: .setPushToken
        case .widgetUpdate: .widgetUpdate
        case .fileUploadProgress: .fileUploadProgress
        }
    }
}
