import HTTPAPI
import WebimWire

/// `POST /l/v/m/action` (PROTOCOL.md §5): the page's credentials and a ban first, then the form decoded once into a
/// `VisitorAction`, then the action handed to the type that decides it. Documented refusals become
/// `{"error": …}` (a quote's, `{"data": {"error": …}}`).
struct VisitorActions: Sendable {
    let database: ServiceDatabase
    let chats: ChatActions
    let messages: MessageActions
    let feedback: FeedbackActions
    let surveys: SurveyActions
    let details: VisitorDetails
    let offline: OfflineMessages
    let triggers: ScenarioTriggers

    /// The answer to an action's form (query and body merged) and a multipart form's file.
    func answer(form: [String: String], file: UploadedPart? = nil) async throws -> ActionResponse {
        guard let visitor = try await database.authorizedVisitor(form) else {
            return .failure(WireError.reinitRequired)
        }
        if visitor.banned { return .failure(WireError.visitorBanned) }
        do {
            try await perform(try VisitorAction(form: form, file: file), by: visitor)
            return .ok
        } catch let failure as ProtocolFailure {
            return failure.nested
                ? ActionResponse(result: nil, data: .object(["error": .string(failure.code)])) : .failure(failure.code)
        }
    }

    private func perform(_ action: VisitorAction, by visitor: VisitorRecord) async throws {
        switch action {
        case .chatStart(let start): try await chats.start(visitor: visitor, start)
        case .chatClose: try await chats.close(visitorID: visitor.id, state: ChatStateValue.closedByVisitor)
        case .chatVisitorTyping(let typing): try await chats.typing(visitor: visitor, typing)
        case .chatClearHistory: try await chats.clearHistory(visitor: visitor)
        case .chatMessage(let message): try await messages.send(visitor: visitor, message)
        case .chatDeleteMessage(let clientSideID):
            try await messages.delete(visitor: visitor, clientSideID: clientSideID)
        case .chatReactMessage(let clientSideID, let reaction):
            try await messages.react(visitor: visitor, clientSideID: clientSideID, reaction: reaction)
        case .sticker(let stickerID, let clientSideID):
            try await messages.sendSticker(visitor: visitor, stickerID: stickerID, clientSideID: clientSideID)
        case .chatReadByVisitor: try await messages.read(visitor: visitor)
        case .chatKeyboardResponse(let buttonID, let requestID):
            try await messages.answerKeyboard(visitor: visitor, buttonID: buttonID, requestMessageID: requestID)
        case .chatOperatorRateSelect(let rating): try await feedback.rate(visitor: visitor, rating)
        case .chatResolutionSurveySelect(let answer): try await feedback.answerResolution(visitor: visitor, answer)
        case .chatSendChatHistory(let email): try await feedback.requestTranscript(visitor: visitor, email: email)
        case .surveyAnswer(let answer): try await surveys.answer(visitor: visitor, answer)
        case .surveyCancel(let surveyID): try await surveys.cancel(visitor: visitor, surveyID: surveyID)
        case .chatSetPrechatFields(let fields): try await details.setPrechatFields(visitor: visitor, fields)
        case .setPushToken(let token): try await details.setPushToken(visitor: visitor, token)
        case .chatContactsResponse(let fields): try await details.giveContacts(visitor: visitor, fields)
        case .chatActionRequest(let form):
            if try await details.acceptActionRequest(visitor: visitor, form: form) {
                triggers.send(visitor, .actionAccepted)
            }
        case .geoResponse(_, let form), .widgetUpdate(let form), .fileUploadProgress(let form):
            try await details.record(visitor: visitor, action: action.wireAction, form: form)
        case .chatOfflineMessage(let message): try await offline.receive(visitor: visitor, message)
        }
    }
}
