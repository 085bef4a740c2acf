import Foundation
import NIOHTTP1
import TestSupport
import Testing
import WebimService
import WebimWire

/// Init, identification, bans and surveys over real HTTP (PROTOCOL.md §2, §4.9, §5.3).
@Suite struct SessionConformanceTests {
    static let key = VisitorFieldsSignature.testKey

    static func visitorExt(fields: [String: String], expires: Int64, hash: String? = nil) throws -> String {
        let hash = hash ?? WireSignature.visitorFieldsHash(fields: fields, expires: expires, privateKey: key)
        let value = ProvidedVisitorFields(fields: fields, expires: expires, hash: hash)
        return String(decoding: try WireCoding.makeEncoder().encode(value), as: UTF8.self)
    }

    @Test func initErrorsFollowTheDocumentedConditions() async throws {
        try await withService { base in
            let future = Int64(Date().timeIntervalSince1970) + 3_600
            let fields = ["id": "42", "display_name": "Ann"]
            #expect(try await ServiceClient.initialize(base, location: "blocked").error == WireError.accountBlocked)
            let badHash = try Self.visitorExt(fields: fields, expires: future, hash: "00")
            #expect(
                try await ServiceClient.initialize(base, location: "manual", extra: [("visitor-ext", badHash)]).error
                    == WireError.wrongProvidedVisitorHash
            )
            let expired = try Self.visitorExt(fields: fields, expires: 1_000)
            #expect(
                try await ServiceClient.initialize(base, location: "manual", extra: [("visitor-ext", expired)]).error
                    == WireError.providedVisitorExpired
            )
            let noExpiry = #"{"fields":{"id":"42"},"hash":"00"}"#
            #expect(
                try await ServiceClient.initialize(base, location: "manual", extra: [("visitor-ext", noExpiry)]).error
                    == WireError.wrongProvidedVisitorExpiresValue
            )
            #expect(
                try await ServiceClient.initialize(
                    base,
                    location: "restricted",
                    extra: [("provided_auth_token", "t-1")]
                )
                .error == WireError.providedAuthTokenNotFound
            )
            let (status, _) = try await ServiceClient.console(base, .POST, "/auth-tokens", #"{"token":"t-1"}"#)
            #expect(status == 200)
            #expect(
                try await ServiceClient.initialize(
                    base,
                    location: "restricted",
                    extra: [("provided_auth_token", "t-1")]
                )
                .fullUpdate != nil
            )
        }
    }

    @Test func signedVisitorIsRecognisedOnEveryDevice() async throws {
        try await withService { base in
            let future = Int64(Date().timeIntervalSince1970) + 3_600
            let ext = try Self.visitorExt(fields: ["id": "42", "display_name": "Ann"], expires: future)
            let first = try await ServiceClient.start(base, device: "a", extra: [("visitor-ext", ext)])
            let second = try await ServiceClient.start(base, device: "b", extra: [("visitor-ext", ext)])
            #expect(first.visitorID == second.visitorID)
            #expect(first.page.visitorFull?.fields?["name"] == "Ann")
        }
    }

    @Test func banEndsAHeldPollWithVisitorBanned() async throws {
        try await withService { base in
            let client = try await ServiceClient.start(base)
            async let held = client.poll()
            try await client.console(.POST, "/ban", #"{"banned":true}"#)
            #expect(try await held.error == WireError.visitorBanned)
            #expect(try await client.poll().error == WireError.visitorBanned)
        }
    }

    @Test func surveyAnswersAreCheckedAndTheLastOneClosesTheSurvey() async throws {
        try await withService { base in
            let client = try await ServiceClient.start(base)
            let survey = #"""
                {"id":1,"descriptor":{"forms":[{"id":7,"questions":[{"type":"stars","text":"Stars?"},{"type":"radio","text":"Pick","options":["a","b"]},{"type":"comment","text":"Why?"}]}]}}
                """#
            try await client.console(.POST, "/survey", survey)
            let announced = try await client.waitFor { $0.objectType == "SURVEY" }
            let item = try #require(try announced?.data?.decode(SurveyItem.self))
            func answer(_ surveyID: String, _ question: Int, _ value: String) async throws -> String? {
                try await client.action(
                    "survey.answer",
                    [("survey-id", surveyID), ("form-id", "7"), ("question-id", String(question)), ("answer", value)]
                ).error
            }
            #expect(try await answer("other", 0, "5") == WireError.incorrectSurveyID)
            #expect(try await answer(item.id, 2, "5") == WireError.questionNotFound)
            #expect(try await answer(item.id, 0, "9") == WireError.incorrectStarsValue)
            #expect(try await answer(item.id, 0, "4") == nil)
            #expect(try await answer(item.id, 1, "3") == WireError.incorrectRadioValue)
            #expect(try await answer(item.id, 1, "2") == nil)
            #expect(
                try await answer(item.id, 2, String(repeating: "c", count: 1_001)) == WireError.maxCommentLengthExceeded
            )
            #expect(try await answer(item.id, 2, "Fine") == nil)
            #expect(try await client.waitFor { $0.objectType == "SURVEY" && ($0.data ?? .null) == .null } != nil)
        }
    }

    @Test func everyActionWithoutAListedErrorAnswersOK() async throws {
        try await withService { base in
            let client = try await ServiceClient.start(base)
            let hex = "0123456789abcdef0123456789abcdef"
            let actions: [(String, [(String, String)])] = [
                (
                    "chat.start",
                    [("client-side-id", hex), ("force-online", "1"), ("visitor-fields", #"{"name":"Bo"}"#)]
                ),
                ("chat.visitor_typing", [("typing", "1"), ("message-draft", "Hel")]),
                ("chat.message", [("client-side-id", hex), ("message", "Hello")]),
                ("chat.message", [("client-side-id", hex), ("message", "Hello again")]),
                ("chat.read_by_visitor", []),
                ("chat.set_prechat_fields", [("prechat-key-independent-fields", #"{"k":"v"}"#)]),
                ("chat.send_chat_history", [("email", "bo@example.com")]),
                ("chat.action_request.call_sentry_action_request", [("client-side-id", hex)]),
                ("chat.cont_resp", [("visitor-fields", #"{"email":"bo@example.com"}"#)]),
                ("sticker", [("sticker-id", "5"), ("client-side-id", "feedfeedfeedfeedfeedfeedfeedfeed")]),
                ("geo_response", [("latitude", "55.75"), ("longitude", "37.61")]),
                ("set_push_token", [("push-token", "none")]),
                ("widget.update", [("data", "{}")]),
                ("file_upload_progress", [("client-side-id", hex), ("file-name", "a.png"), ("state", "upload")]),
                ("chat.react_message", [("client-side-id", hex), ("reaction", "like")]),
                ("chat.delete_message", [("client-side-id", hex)]),
                ("chat.clear_history", []),
                ("chat.close", []),
                (
                    "chat.offline_message",
                    [("text", "Call me"), ("client-side-id", "abababababababababababababababab")]
                ),
            ]
            for (name, fields) in actions {
                let answer = try await client.action(name, fields)
                // Reacting to one's own message is the one documented refusal in this list.
                let expected = name == "chat.react_message" ? WireError.notAllowed : nil
                #expect(answer.error == expected, "\(name)")
            }
            let edited = try await client.waitFor { $0.objectType == "CHAT_MESSAGE" && $0.event == "upd" }
            #expect(edited?.data?["edited"] == .bool(true))
            #expect(try await client.waitFor { $0.objectType == "CHAT_MESSAGE" && $0.event == "del" } != nil)
            #expect(
                try await client.waitFor { $0.objectType == "CHAT_STATE" && $0.data == .string("closed_by_visitor") }
                    != nil
            )
        }
    }
}
