import Foundation
import NIOHTTP1
import Testing
import WebimWire

/// Each documented action error of PROTOCOL.md §5.3, triggered for real over HTTP by the condition that
/// Sources/WebimService/README.md names for it.
@Suite struct ActionErrorConformanceTests {
    /// One error and how to provoke it.
    struct Case: Sendable, CustomTestStringConvertible {
        var error: String
        var location = "manual"
        var nested = false
        var run: @Sendable (ServiceClient) async throws -> ActionResponse
        var testDescription: String { error }
    }

    static let hex = "0123456789abcdef0123456789abcdef"

    /// Starts a chat and lets the console's operator join it and write one message; returns that message.
    static func chatWithOperatorMessage(_ client: ServiceClient) async throws -> MessageItem? {
        _ = try await client.action("chat.start", [("client-side-id", hex)])
        try await client.console(.POST, "/join")
        try await client.console(.POST, "/messages", #"{"text":"Operator here"}"#)
        return try await client.waitForMessage { $0.kind == "operator" }
    }

    static let cases: [Case] = [
        Case(error: WireError.unknownMethod) { try await $0.action("chat.dance") },
        Case(error: WireError.argumentMissing) { try await $0.action("chat.message", [("message", "Hi")]) },
        Case(error: WireError.messageEmpty) {
            try await $0.action("chat.message", [("client-side-id", hex), ("message", "  ")])
        },
        Case(error: WireError.maxMessageLengthExceeded, location: "restricted") {
            try await $0.action(
                "chat.message",
                [("client-side-id", hex), ("message", String(repeating: "a", count: 101))]
            )
        },
        Case(error: WireError.messageNotFound) {
            try await $0.action("chat.delete_message", [("client-side-id", hex)])
        },
        Case(error: WireError.messageNotOwned) { client in
            let message = try await chatWithOperatorMessage(client)
            return try await client.action("chat.delete_message", [("client-side-id", message?.clientSideId ?? "")])
        },
        Case(error: WireError.notAllowed, location: "restricted") { client in
            _ = try await client.action("chat.message", [("client-side-id", hex), ("message", "Hi")])
            return try await client.action("chat.message", [("client-side-id", hex), ("message", "Hi, edited")])
        },
        Case(error: WireError.wrongMessageKind) { client in
            _ = try await client.action("sticker", [("sticker-id", "3"), ("client-side-id", hex)])
            return try await client.action("chat.message", [("client-side-id", hex), ("message", "now text")])
        },
        Case(error: WireError.noChat) { try await $0.action("chat.operator_rate_select", [("rate", "2")]) },
        Case(error: WireError.operatorNotInChat) { client in
            _ = try await client.action("chat.start", [("client-side-id", hex)])
            return try await client.action("chat.operator_rate_select", [("rate", "2")])
        },
        Case(error: WireError.wrongOperatorID) { client in
            _ = try await chatWithOperatorMessage(client)
            return try await client.action("chat.operator_rate_select", [("rate", "2"), ("operator_id", "999")])
        },
        Case(error: WireError.rateValueIncorrect) { client in
            _ = try await chatWithOperatorMessage(client)
            return try await client.action("chat.operator_rate_select", [("rate", "7")])
        },
        Case(error: WireError.noteIsTooLong) { client in
            _ = try await chatWithOperatorMessage(client)
            let note = String(repeating: "n", count: 2_001)
            return try await client.action("chat.operator_rate_select", [("rate", "1"), ("visitor_note", note)])
        },
        Case(error: WireError.rateDisabled, location: "restricted") { client in
            _ = try await client.action("chat.start", [("client-side-id", hex)])
            return try await client.action("chat.operator_rate_select", [("rate", "2")])
        },
        Case(error: WireError.resolutionSurveyValueIncorrect) { client in
            _ = try await chatWithOperatorMessage(client)
            return try await client.action("chat.resolution_survey_select", [("answer", "5")])
        },
        Case(error: WireError.buttonIDNotSet) {
            try await $0.action("chat.keyboard_response", [("request-message-id", hex)])
        },
        Case(error: WireError.requestMessageIDNotSet) {
            try await $0.action("chat.keyboard_response", [("button-id", "b")])
        },
        Case(error: WireError.cannotCreateResponse) {
            try await $0.action("chat.keyboard_response", [("button-id", "b"), ("request-message-id", hex)])
        },
        Case(error: WireError.chatHistorySentTooManyTimes, location: "restricted") { client in
            _ = try await client.action("chat.start", [("client-side-id", hex)])
            _ = try await client.action("chat.send_chat_history", [("email", "a@example.com")])
            return try await client.action("chat.send_chat_history", [("email", "a@example.com")])
        },
        Case(error: WireError.surveyDisabled, location: "restricted") {
            try await $0.action(
                "survey.answer",
                [("survey-id", "s"), ("form-id", "1"), ("question-id", "0"), ("answer", "5")]
            )
        },
        Case(error: WireError.noCurrentSurvey) { try await $0.action("survey.cancel", [("survey-id", "s")]) },
        Case(error: WireError.noStickerID) { try await $0.action("sticker", [("client-side-id", hex)]) },
        Case(error: WireError.invalidCoordinatesReceived) {
            try await $0.action("geo_response", [("latitude", "123"), ("longitude", "10")])
        },
        Case(error: WireError.emailChangedTooManyTimes) { client in
            var last = ActionResponse.ok
            for index in 0...4 {
                last = try await client.action(
                    "chat.cont_resp",
                    [("visitor-fields", #"{"email":"v\#(index)@example.com"}"#)]
                )
            }
            return last
        },
        Case(error: WireError.noTariffOption, location: "restricted") {
            try await $0.action("chat.offline_message", [("text", "Hello"), ("client-side-id", hex)])
        },
        Case(error: WireError.wrongArgumentValue, location: "departments") {
            try await $0.action("chat.start", [("client-side-id", hex), ("department-key", "nope")])
        },
        Case(error: WireError.notAllowed, location: "restricted") { client in
            try await client.action("chat.message", [("client-side-id", hex), ("message", "Hi"), ("quote", "{}")])
        },
        Case(error: WireError.requiredQuoteArgsMissing, nested: true) {
            try await $0.action(
                "chat.message",
                [("client-side-id", hex), ("message", "Hi"), ("quote", #"{"ref":{}}"#)]
            )
        },
        Case(error: WireError.corruptedQuotedMessageID, nested: true) {
            try await $0.action(
                "chat.message",
                [("client-side-id", hex), ("message", "Hi"), ("quote", #"{"ref":{"msgId":"x!"}}"#)]
            )
        },
        Case(error: WireError.quotedMessageNotFound, nested: true) {
            try await $0.action(
                "chat.message",
                [("client-side-id", hex), ("message", "Hi"), ("quote", #"{"ref":{"msgId":"\#(hex)"}}"#)]
            )
        },
        Case(error: WireError.multipleQuotedMessagesFound, nested: true) {
            let quote = #"[{"ref":{"msgId":"\#(hex)"}},{"ref":{"msgId":"\#(hex)"}}]"#
            return try await $0.action("chat.message", [("client-side-id", hex), ("message", "Hi"), ("quote", quote)])
        },
        Case(error: WireError.quotingMessageThatCannotBeReplied, nested: true) { client in
            _ = try await client.action("chat.start", [("client-side-id", hex)])
            try await client.console(.POST, "/messages", #"{"text":"System note","kind":"info"}"#)
            let info = try await client.waitForMessage { $0.kind == "info" }
            let quote = #"{"ref":{"msgId":"\#(info?.id ?? "")"}}"#
            return try await client.action(
                "chat.message",
                [("client-side-id", hex), ("message", "Hi"), ("quote", quote)]
            )
        },
        Case(error: WireError.quotingMessageFromAnotherVisitor, nested: true) { client in
            let other = try await ServiceClient.start(client.base)
            _ = try await other.action("chat.message", [("client-side-id", hex), ("message", "Mine")])
            let theirs = try await other.waitForMessage { $0.text == "Mine" }
            let quote = #"{"ref":{"msgId":"\#(theirs?.id ?? "")"}}"#
            return try await client.action(
                "chat.message",
                [("client-side-id", hex), ("message", "Hi"), ("quote", quote)]
            )
        },
        Case(error: WireError.reinitRequired) { client in
            try await HTTP.postForm(
                client.base + WireEndpoint.action,
                [("action", "chat.start"), ("page-id", "stale"), ("auth-token", "stale")],
                as: ActionResponse.self
            )
        },
        Case(error: WireError.visitorBanned) { client in
            try await client.console(.POST, "/ban", #"{"banned":true}"#)
            return try await client.action("chat.start", [("client-side-id", hex)])
        },
    ]

    @Test(arguments: cases)
    func actionAnswersTheDocumentedError(_ testCase: Case) async throws {
        try await withService { base in
            let client = try await ServiceClient.start(base, location: testCase.location)
            let answer = try await testCase.run(client)
            if testCase.nested {
                #expect(answer.error == nil)
                #expect(answer.data?["error"]?.stringValue == testCase.error)
            } else {
                #expect(answer.error == testCase.error)
            }
        }
    }
}
