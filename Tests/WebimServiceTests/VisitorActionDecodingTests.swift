import Foundation
import Testing
import WebimWire

@testable import WebimService

/// A visitor action's form decoded into typed values, and refused with the error the service has always answered
/// for a missing or malformed argument; arguments that the protocol refuses only after a check of the chat or the
/// location decode leniently, so that the refusal stays where it was.
@Suite struct VisitorActionDecodingTests {
    static let hex = "0123456789abcdef0123456789abcdef"

    /// A form naming `action`, with the page's credentials as every real one has.
    static func form(_ action: WireAction, _ fields: [String: String] = [:]) -> [String: String] {
        fields.merging([
            WireParameter.action: action.rawValue, WireParameter.pageID: "page", WireParameter.authToken: "token",
        ]) { own, _ in own }
    }

    /// The smallest form each action accepts.
    static let minimalForms: [WireAction: [String: String]] = [
        .chatStart: [:],
        .chatClose: [:],
        .chatMessage: [WireParameter.clientSideID: hex, WireParameter.message: "Hi"],
        .chatDeleteMessage: [WireParameter.clientSideID: hex],
        .chatReactMessage: [WireParameter.clientSideID: hex, WireParameter.reaction: "like"],
        .chatVisitorTyping: [:],
        .chatReadByVisitor: [:],
        .chatOperatorRateSelect: [:],
        .chatResolutionSurveySelect: [:],
        .chatKeyboardResponse: [WireParameter.buttonID: "b", WireParameter.requestMessageID: hex],
        .chatSetPrechatFields: [WireParameter.prechatFields: "{}"],
        .chatSendChatHistory: [WireParameter.email: "a@example.com"],
        .chatClearHistory: [:],
        .chatActionRequest: [:],
        .chatContactsResponse: [WireParameter.visitorFields: "{}"],
        .chatOfflineMessage: [:],
        .sticker: [WireParameter.stickerID: "3", WireParameter.clientSideID: hex],
        .geoResponse: [WireParameter.latitude: "55.7", WireParameter.longitude: "37.6"],
        .surveyAnswer: [WireParameter.surveyID: "s", WireParameter.answer: "5"],
        .surveyCancel: [WireParameter.surveyID: "s"],
        .setPushToken: [WireParameter.pushToken: "t"],
        .widgetUpdate: [:],
        .fileUploadProgress: [:],
    ]

    @Test(arguments: WireAction.allCases)
    func everyActionDecodesFromItsForm(_ action: WireAction) throws {
        let fields = try #require(Self.minimalForms[action], "no form for \(action.rawValue)")
        #expect(try VisitorAction(form: Self.form(action, fields)).wireAction == action)
    }

    @Test func aFormWithoutAnActionLacksAnArgumentAndAnUnknownNameIsAnUnknownMethod() {
        #expect(throws: ProtocolFailure(WireError.argumentMissing)) {
            try VisitorAction(form: [WireParameter.pageID: "page"])
        }
        #expect(throws: ProtocolFailure(WireError.argumentMissing)) {
            try VisitorAction(form: [WireParameter.action: ""])
        }
        #expect(throws: ProtocolFailure(WireError.unknownMethod)) {
            try VisitorAction(form: [WireParameter.action: "chat.dance"])
        }
    }

    /// An action and a form it refuses, with the refusal.
    struct Refusal: Sendable, CustomTestStringConvertible {
        var action: WireAction
        var fields: [String: String]
        var error: String
        var testDescription: String { "\(action.rawValue) → \(error)" }
    }

    static let refusals: [Refusal] = [
        Refusal(action: .chatStart, fields: [WireParameter.visitorFields: "[1]"], error: WireError.wrongArgumentValue),
        Refusal(action: .chatStart, fields: [WireParameter.customFields: "{"], error: WireError.wrongArgumentValue),
        Refusal(action: .chatMessage, fields: [WireParameter.message: "Hi"], error: WireError.argumentMissing),
        Refusal(action: .chatMessage, fields: [WireParameter.clientSideID: hex], error: WireError.argumentMissing),
        Refusal(action: .chatDeleteMessage, fields: [:], error: WireError.argumentMissing),
        Refusal(action: .chatReactMessage, fields: [WireParameter.reaction: "like"], error: WireError.argumentMissing),
        Refusal(action: .chatReactMessage, fields: [WireParameter.clientSideID: hex], error: WireError.argumentMissing),
        Refusal(
            action: .chatReactMessage,
            fields: [WireParameter.clientSideID: hex, WireParameter.reaction: "love"],
            error: WireError.wrongArgumentValue
        ),
        Refusal(
            action: .chatKeyboardResponse,
            fields: [WireParameter.requestMessageID: hex],
            error: WireError.buttonIDNotSet
        ),
        // Both missing: the button is asked for first.
        Refusal(action: .chatKeyboardResponse, fields: [:], error: WireError.buttonIDNotSet),
        Refusal(
            action: .chatKeyboardResponse,
            fields: [WireParameter.buttonID: "b"],
            error: WireError.requestMessageIDNotSet
        ),
        Refusal(action: .chatSetPrechatFields, fields: [:], error: WireError.argumentMissing),
        Refusal(action: .chatSendChatHistory, fields: [:], error: WireError.argumentMissing),
        Refusal(
            action: .chatSendChatHistory,
            fields: [WireParameter.email: "a@b"],
            error: WireError.wrongArgumentValue
        ),
        Refusal(action: .chatContactsResponse, fields: [:], error: WireError.argumentMissing),
        Refusal(
            action: .chatContactsResponse,
            fields: [WireParameter.visitorFields: "not json"],
            error: WireError.wrongArgumentValue
        ),
        // Both missing: the sticker is asked for first.
        Refusal(action: .sticker, fields: [:], error: WireError.noStickerID),
        Refusal(action: .sticker, fields: [WireParameter.stickerID: "x"], error: WireError.noStickerID),
        Refusal(action: .sticker, fields: [WireParameter.stickerID: "3"], error: WireError.argumentMissing),
        Refusal(action: .geoResponse, fields: [:], error: WireError.invalidCoordinatesReceived),
        Refusal(
            action: .geoResponse,
            fields: [WireParameter.latitude: "123", WireParameter.longitude: "10"],
            error: WireError.invalidCoordinatesReceived
        ),
        Refusal(action: .surveyAnswer, fields: [WireParameter.answer: "5"], error: WireError.argumentMissing),
        Refusal(action: .surveyAnswer, fields: [:], error: WireError.argumentMissing),
        Refusal(action: .surveyCancel, fields: [:], error: WireError.argumentMissing),
        Refusal(action: .setPushToken, fields: [:], error: WireError.argumentMissing),
    ]

    @Test(arguments: refusals)
    func aMissingOrMalformedArgumentIsRefusedAsBefore(_ refusal: Refusal) {
        #expect(throws: ProtocolFailure(refusal.error)) {
            try VisitorAction(form: Self.form(refusal.action, refusal.fields))
        }
    }

    /// What `extract` finds in the action a form decodes to; a failed expectation when it finds nothing.
    private func decoded<Value>(
        _ action: WireAction,
        _ fields: [String: String]? = nil,
        _ extract: (VisitorAction) -> Value?
    ) throws -> Value {
        let decoded = try VisitorAction(form: Self.form(action, fields ?? Self.minimalForms[action] ?? [:]))
        return try #require(extract(decoded), "\(decoded)")
    }

    @Test func argumentsDecodeIntoTypedValues() throws {
        let fields = #"{"name":"Ann","age":30}"#
        let start = try decoded(
            .chatStart,
            [
                WireParameter.departmentKey: "sales", WireParameter.customFields: fields,
                WireParameter.forceOnline: "true", WireParameter.firstQuestion: "Hello?",
            ]
        ) { if case .chatStart(let start) = $0 { start } else { nil } }
        let named = ["name": "Ann", "age": "30"]
        #expect(
            start == .init(departmentKey: "sales", visitorFields: named, forceOnline: true, firstQuestion: "Hello?")
        )

        let message = try decoded(
            .chatMessage,
            [
                WireParameter.clientSideID: Self.hex, WireParameter.message: "[]",
                WireParameter.kind: MessageItem.Kind.fileFromVisitor.rawValue, WireParameter.data: #"{"a":1}"#,
            ]
        ) { if case .chatMessage(let message) = $0 { message } else { nil } }
        #expect(message == .init(clientSideID: Self.hex, text: "[]", isFile: true, data: .valid(#"{"a":1}"#)))

        let typing = try decoded(
            .chatVisitorTyping,
            [WireParameter.typing: "1", WireParameter.messageDraft: "dra", WireParameter.deleteDraft: "false"]
        ) { if case .chatVisitorTyping(let typing) = $0 { typing } else { nil } }
        #expect(typing == .init(typing: true, draft: "dra"))

        let answer = try decoded(
            .surveyAnswer,
            [
                WireParameter.surveyID: "s", WireParameter.formID: "2", WireParameter.questionID: "0",
                WireParameter.answer: "4",
            ]
        ) { if case .surveyAnswer(let answer) = $0 { answer } else { nil } }
        #expect(answer == .init(surveyID: "s", formID: 2, questionID: 0, answer: "4"))
    }

    @Test func smallerActionsCarryTheirValues() throws {
        let keyboard = try decoded(.chatKeyboardResponse) {
            if case .chatKeyboardResponse(let button, let request) = $0 { [button, request] } else { nil }
        }
        #expect(keyboard == ["b", Self.hex])
        let reaction = try decoded(.chatReactMessage) {
            if case .chatReactMessage(let id, let reaction) = $0 { (id, reaction) } else { nil }
        }
        #expect(reaction.0 == Self.hex && reaction.1 == .like)
        let sticker = try decoded(.sticker) {
            if case .sticker(let sticker, let id) = $0 { (sticker, id) } else { nil }
        }
        #expect(sticker.0 == 3 && sticker.1 == Self.hex)
        let email = try decoded(.chatSendChatHistory) {
            if case .chatSendChatHistory(let email) = $0 { email } else { nil }
        }
        #expect(email == "a@example.com")
        let contacts = try decoded(.chatContactsResponse, [WireParameter.visitorFields: #"{"email":"a@example.com"}"#])
        {
            if case .chatContactsResponse(let fields) = $0 { fields } else { nil }
        }
        #expect(contacts == ["email": "a@example.com"])
        let token = try decoded(.setPushToken) { if case .setPushToken(let token) = $0 { token } else { nil } }
        #expect(token == "t")
        // `none` clears the token.
        let cleared = try decoded(.setPushToken, [WireParameter.pushToken: "none"]) {
            if case .setPushToken(let token) = $0 { token == nil } else { nil }
        }
        #expect(cleared)
    }

    @Test func aSurveyAnswerWithOnlyItsIDIsIOSsCloseSurvey() throws {
        let closed = try decoded(.surveyAnswer, [WireParameter.surveyID: "s"]) {
            if case .surveyCancel(let id) = $0 { id } else { nil }
        }
        #expect(closed == "s")
    }

    @Test func recordedActionsKeepTheirFormWithoutThePagesCredentials() throws {
        let fields = [WireParameter.latitude: "55.7", WireParameter.longitude: "37.6"]
        let geo = try decoded(.geoResponse, fields) {
            if case .geoResponse(let coordinates, let recorded) = $0 { (coordinates, recorded) } else { nil }
        }
        #expect(geo.0 == .init(latitude: 55.7, longitude: 37.6))
        #expect(geo.1.fields == fields.merging([WireParameter.action: WireAction.geoResponse.rawValue]) { $1 })
    }

    /// Rating, resolution, an offline message's fields and a message's `data` are refused after the chat's or the
    /// location's checks: decoding keeps what was sent and refuses nothing.
    @Test func argumentsRefusedLaterDecodeLeniently() throws {
        let rating = try decoded(
            .chatOperatorRateSelect,
            [WireParameter.rate: "x", WireParameter.operatorID: "me", WireParameter.threadID: "7"]
        ) { if case .chatOperatorRateSelect(let rating) = $0 { rating } else { nil } }
        #expect(rating == .init(threadID: 7, operatorID: .invalid, rate: nil))

        let resolution = try decoded(
            .chatResolutionSurveySelect,
            [WireParameter.answer: "1", WireParameter.operatorID: "4"]
        ) { if case .chatResolutionSurveySelect(let answer) = $0 { answer } else { nil } }
        #expect(resolution == .init(operatorID: .valid(4), answer: 1))

        let offline = try decoded(
            .chatOfflineMessage,
            [WireParameter.message: "Hi", WireParameter.visitorFields: "["]
        ) { if case .chatOfflineMessage(let offline) = $0 { offline } else { nil } }
        #expect(offline.text == "Hi" && offline.visitorFields == .invalid)
        #expect(offline.clientSideID == nil && offline.file == nil)

        let message = try decoded(
            .chatMessage,
            [WireParameter.clientSideID: Self.hex, WireParameter.message: " ", WireParameter.data: "[]"]
        ) { if case .chatMessage(let message) = $0 { message } else { nil } }
        #expect(message == .init(clientSideID: Self.hex, text: " ", data: .invalid))
    }
}
