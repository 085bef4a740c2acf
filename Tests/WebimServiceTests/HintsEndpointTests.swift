import Foundation
import NIOCore
import NIOHTTP1
import Testing
import WebimWire

@testable import WebimService

/// The `hints` scenario at the wire level (PROTOCOL.md §9): the location names this service's hints endpoint, the
/// endpoint suggests the scenario's questions for a typed text, and a message sent with `hint_question` gets the
/// bot's other answer.
@Suite struct HintsEndpointTests {
    static let hex = "0123456789abcdef0123456789abcdef"

    @Test func theHintsLocationNamesItsEndpointAndOffersHints() async throws {
        try await withService { base in
            let config = try await HTTP.get(
                "\(base)\(WireEndpoint.configs)/hints?jsonp=false",
                as: LocationConfigResponse.self
            )
            #expect(config.visitorHintsAPIEndpoint == "\(WireEndpoint.hints)/hints")
            let client = try await ServiceClient.start(base, location: "hints")
            #expect(client.page.hintsEnabled == true)
            // A location without questions names no endpoint and offers no hints.
            let plain = try await HTTP.get(
                "\(base)\(WireEndpoint.configs)/default?jsonp=false",
                as: LocationConfigResponse.self
            )
            #expect(plain.visitorHintsAPIEndpoint == nil)
            #expect(try await ServiceClient.start(base, location: "default").page.hintsEnabled != true)
        }
    }

    @Test func suggestionsMatchTheTextCaseInsensitivelyStartingOnesFirstAndBounded() async throws {
        try await withService { base in
            let howDo = try await Self.suggest(base, "how do")
            #expect(
                howDo
                    == ["How do I track my order?", "How do I return an item?", "How do I reset my password?"]
            )
            // Inside a question too, after those that start with the text.
            #expect(
                try await Self.suggest(base, "DELIVER")
                    == ["How long does delivery take?", "Can I change my delivery address?", "Do you deliver abroad?"]
            )
            #expect(try await Self.suggest(base, "h").isEmpty)
            #expect(try await Self.suggest(base, "  ").isEmpty)
            #expect(try await Self.suggest(base, "parcel").isEmpty)
            // Markup in a question is text, returned as it is written.
            #expect(try await Self.suggest(base, "<img") == ["A question with <img src=x onerror=alert(1)> in it"])
        }
    }

    @Test func badRequestsAreRefusedWithAnErrorNamingTheProblem() async throws {
        try await withService { base in
            let notJSON = try await Self.post(base, "hints", body: "text=how")
            #expect(notJSON.status == 400 && notJSON.error == WireError.wrongArgumentValue)
            let tooLarge = try await Self.post(
                base,
                "hints",
                body: #"{"text":"\#(String(repeating: "a", count: 20_000))"}"#
            )
            #expect(tooLarge.status == 413)
            let noQuestions = try await Self.post(base, "default", body: #"{"text":"how"}"#)
            #expect(noQuestions.status == 404 && noQuestions.error == "no-hints")
            let get = try await HTTP.raw("\(base)\(WireEndpoint.hints)/hints")
            #expect(get.status == 404)
        }
    }

    @Test func aChosenHintQuestionGetsTheBotsOtherAnswer() async throws {
        try await withService { base in
            let client = try await ServiceClient.start(base, location: "hints")
            _ = try await client.action(
                "chat.message",
                [("client-side-id", Self.hex), ("message", "How do I track my order?"), ("hint_question", "1")]
            )
            #expect(
                try await client.waitForMessage {
                    $0.text == "You picked a suggested question: How do I track my order?"
                } != nil
            )
            _ = try await client.action(
                "chat.message",
                [("client-side-id", String(Self.hex.reversed())), ("message", "How do I track my order?")]
            )
            #expect(try await client.waitForMessage { $0.text == "You typed: How do I track my order?" } != nil)
            let picked = await client.received.filter { item in
                ScenarioTests.isMessage(item) { $0.text.hasPrefix("You picked") }
            }
            #expect(picked.count == 1)
        }
    }

    @Test func aLongListIsCutAndBlankQuestionsAreDropped() {
        let questions = HintQuestions((1...9).map { "Question \($0)" } + ["  ", "A question"])
        #expect(questions.suggestions(for: "question") == (1...5).map { "Question \($0)" })
        #expect(questions.suggestions(for: "A q") == ["A question"])
        #expect(HintQuestions(["", " "]).isEmpty)
    }

    private static func suggest(_ base: String, _ text: String) async throws -> [String] {
        let body = String(decoding: try JSONEncoder().encode(HintsRequest(text: text)), as: UTF8.self)
        let answer = try await post(base, "hints", body: body)
        #expect(answer.status == 200)
        return answer.suggestions
    }

    private static func post(
        _ base: String,
        _ location: String,
        body: String
    ) async throws -> (status: UInt, suggestions: [String], error: String?) {
        let answer = try await HTTP.raw(
            "\(base)\(WireEndpoint.hints)/\(location)",
            method: .POST,
            headers: [("Content-Type", "application/json")],
            body: ByteBuffer(string: body)
        )
        let suggestions = (try? JSONDecoder().decode(HintsResponse.self, from: answer.body))?.suggestions.map(\.text)
        let error = (try? JSONDecoder().decode([String: String].self, from: answer.body))?["error"]
        return (answer.status, suggestions ?? [], error)
    }
}
