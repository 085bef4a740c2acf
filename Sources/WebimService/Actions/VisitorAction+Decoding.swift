import Foundation
import HTTPAPI
import WebimWire

/// The one place a visitor action's form is read. Refusals keep the protocol's order: `argument-missing` without
/// an `action`, `unknown-method` for a name §5.2 lacks, then each action's own arguments in the order it always
/// checked them; the page's credentials and a ban are answered before the form is decoded at all.
extension VisitorAction {
    init(form fields: [String: String], file: UploadedPart? = nil) throws {
        let form = ActionParameters(fields)
        guard let name = form[WireParameter.action] else { throw ProtocolFailure(WireError.argumentMissing) }
        guard let action = WireAction(rawValue: name) else { throw ProtocolFailure(WireError.unknownMethod) }
        self = try Self.decode(action, form: form, file: file)
    }

    private static func decode(_ action: WireAction, form: ActionParameters, file: UploadedPart?) throws -> Self {
        switch action {
        case .chatStart: .chatStart(try startChat(form))
        case .chatClose: .chatClose
        case .chatMessage: .chatMessage(try sentMessage(form))
        case .chatDeleteMessage: .chatDeleteMessage(clientSideID: try form.required(WireParameter.clientSideID))
        case .chatReactMessage: try reaction(form)
        case .chatVisitorTyping: .chatVisitorTyping(typing(form))
        case .chatReadByVisitor: .chatReadByVisitor
        case .chatOperatorRateSelect: .chatOperatorRateSelect(rating(form))
        case .chatResolutionSurveySelect: .chatResolutionSurveySelect(resolutionAnswer(form))
        case .chatKeyboardResponse: try keyboardResponse(form)
        case .chatSetPrechatFields: .chatSetPrechatFields(try form.required(WireParameter.prechatFields))
        case .chatSendChatHistory: .chatSendChatHistory(email: try email(form))
        case .chatClearHistory: .chatClearHistory
        case .chatActionRequest: .chatActionRequest(recorded(form))
        case .chatContactsResponse:
            .chatContactsResponse(try strictFields(try form.required(WireParameter.visitorFields)))
        case .chatOfflineMessage: .chatOfflineMessage(offlineMessage(form, file: file))
        case .sticker: try sticker(form)
        case .geoResponse: .geoResponse(try coordinates(form), recorded(form))
        case .surveyAnswer: try surveyAnswer(form)
        case .surveyCancel: .surveyCancel(surveyID: try form.required(WireParameter.surveyID))
        case .setPushToken: .setPushToken(try pushToken(form))
        case .widgetUpdate: .widgetUpdate(recorded(form))
        case .fileUploadProgress: .fileUploadProgress(recorded(form))
        }
    }

    private static func startChat(_ form: ActionParameters) throws -> StartChat {
        StartChat(
            clientSideID: form[WireParameter.clientSideID],
            departmentKey: form[WireParameter.departmentKey],
            visitorFields: try (form[WireParameter.visitorFields] ?? form[WireParameter.customFields])
                .map(strictFields),
            forceOnline: form.bool(WireParameter.forceOnline) == true,
            firstQuestion: form[WireParameter.firstQuestion]
        )
    }

    private static func sentMessage(_ form: ActionParameters) throws -> SentMessage {
        let clientSideID = try form.required(WireParameter.clientSideID)
        // An empty message is present: `message_empty` is the location's answer, not `argument-missing`.
        guard let text = form.values[WireParameter.message] else { throw ProtocolFailure(WireError.argumentMissing) }
        return SentMessage(
            clientSideID: clientSideID,
            text: text,
            isFile: form[WireParameter.kind] == MessageItem.Kind.fileFromVisitor.rawValue,
            quote: form[WireParameter.quote],
            data: form.lenient(WireParameter.data) { text in
                guard text.utf8.count <= MessageLimits.maximumDataBytes,
                    case .object = try? JSONValue(parsing: Data(text.utf8))
                else { return nil }
                return text
            },
            isHintQuestion: form.bool(WireParameter.hintQuestion) == true
        )
    }

    private static func reaction(_ form: ActionParameters) throws -> Self {
        let clientSideID = try form.required(WireParameter.clientSideID)
        guard let reaction = Reaction(rawValue: try form.required(WireParameter.reaction)) else {
            throw ProtocolFailure(WireError.wrongArgumentValue)
        }
        return .chatReactMessage(clientSideID: clientSideID, reaction: reaction)
    }

    private static func typing(_ form: ActionParameters) -> Typing {
        Typing(
            typing: form.bool(WireParameter.typing) ?? false,
            // A draft is at most a message: the rest of a longer one is nothing the operator could be sent.
            draft: form.bool(WireParameter.deleteDraft) == true
                ? nil : form[WireParameter.messageDraft].map { String($0.prefix(MessageLimits.maximumTextLength)) }
        )
    }

    private static func rating(_ form: ActionParameters) -> OperatorRating {
        OperatorRating(
            threadID: form.int(WireParameter.threadID).map(Int64.init),
            operatorID: form.lenient(WireParameter.operatorID) { Int($0) },
            rate: form.int(WireParameter.rate),
            note: form[WireParameter.visitorNote]
        )
    }

    private static func resolutionAnswer(_ form: ActionParameters) -> ResolutionAnswer {
        ResolutionAnswer(
            threadID: form.int(WireParameter.threadID).map(Int64.init),
            operatorID: form.lenient(WireParameter.operatorID) { Int($0) },
            answer: form.int(WireParameter.answer)
        )
    }

    private static func keyboardResponse(_ form: ActionParameters) throws -> Self {
        guard let buttonID = form[WireParameter.buttonID] else { throw ProtocolFailure(WireError.buttonIDNotSet) }
        guard let requestID = form[WireParameter.requestMessageID] else {
            throw ProtocolFailure(WireError.requestMessageIDNotSet)
        }
        return .chatKeyboardResponse(buttonID: buttonID, requestMessageID: requestID)
    }

    private static func email(_ form: ActionParameters) throws -> String {
        let email = try form.required(WireParameter.email)
        // A plausible address: something, `@`, something with a dot.
        let parts = email.split(separator: "@", omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[0].isEmpty, parts[1].contains("."), !email.contains(" ") else {
            throw ProtocolFailure(WireError.wrongArgumentValue)
        }
        return email
    }

    private static func offlineMessage(_ form: ActionParameters, file: UploadedPart?) -> OfflineMessage {
        OfflineMessage(
            text: form.values[WireParameter.text] ?? form.values[WireParameter.message] ?? "",
            clientSideID: form[WireParameter.clientSideID],
            visitorFields: form.lenient(WireParameter.visitorFields, ActionParameters.visitorFields(parsing:)),
            file: file
        )
    }

    private static func sticker(_ form: ActionParameters) throws -> Self {
        guard let stickerID = form.int(WireParameter.stickerID) else { throw ProtocolFailure(WireError.noStickerID) }
        return .sticker(stickerID: stickerID, clientSideID: try form.required(WireParameter.clientSideID))
    }

    private static func coordinates(_ form: ActionParameters) throws -> Coordinates {
        guard let latitude = form[WireParameter.latitude].flatMap(Double.init),
            let longitude = form[WireParameter.longitude].flatMap(Double.init),
            (-90...90).contains(latitude), (-180...180).contains(longitude)
        else { throw ProtocolFailure(WireError.invalidCoordinatesReceived) }
        return Coordinates(latitude: latitude, longitude: longitude)
    }

    private static func surveyAnswer(_ form: ActionParameters) throws -> Self {
        let surveyID = try form.required(WireParameter.surveyID)
        // iOS closes a survey with a `survey.answer` that carries nothing but the survey's id.
        guard form[WireParameter.formID] != nil || form[WireParameter.answer] != nil else {
            return .surveyCancel(surveyID: surveyID)
        }
        return .surveyAnswer(
            SurveyAnswer(
                surveyID: surveyID,
                formID: form.int(WireParameter.formID),
                questionID: form.int(WireParameter.questionID),
                answer: form.values[WireParameter.answer] ?? ""
            )
        )
    }

    /// Visitor fields that must parse where they are read: `wrong-argument-value` otherwise.
    private static func strictFields(_ text: String) throws -> [String: String] {
        guard let fields = ActionParameters.visitorFields(parsing: text) else {
            throw ProtocolFailure(WireError.wrongArgumentValue)
        }
        return fields
    }

    /// What a recorded action stores: its form without the page's credentials.
    private static func recorded(_ form: ActionParameters) -> RecordedForm {
        var fields = form.values
        fields[WireParameter.pageID] = nil
        fields[WireParameter.authToken] = nil
        return RecordedForm(fields: fields)
    }

    /// The push token; `none` clears it.
    private static func pushToken(_ form: ActionParameters) throws -> String? {
        let token = try form.required(WireParameter.pushToken)
        guard token.utf8.count <= VisitorRecord.maximumPushTokenBytes else {
            throw ProtocolFailure(WireError.wrongArgumentValue)
        }
        return token == "none" ? nil : token
    }
}
