import Foundation
import Testing
import WebimWire

/// The hints service's request and answer against PROTOCOL.md §9 (`visitor_hints_api_endpoint`).
@Suite struct HintsGoldenTests {
    @Test func theRequestIsTheTextAsJSON() throws {
        #expect(try roundTrip(#"{"text":"How do I"}"#, as: HintsRequest.self) == HintsRequest(text: "How do I"))
        let encoded = try WireCoding.makeEncoder().encode(HintsRequest(text: #"a "quoted" <b>"#))
        #expect(
            try jsonValue(String(decoding: encoded, as: UTF8.self)) == .object(["text": .string(#"a "quoted" <b>"#)])
        )
    }

    @Test func theAnswerIsAListOfSuggestionTexts() throws {
        let answer = try roundTrip(
            #"{"suggestions":[{"text":"How do I track my order?"},{"text":"How do I return an item?"}]}"#,
            as: HintsResponse.self
        )
        #expect(answer.suggestions.map(\.text) == ["How do I track my order?", "How do I return an item?"])
        #expect(try roundTrip(#"{"suggestions":[]}"#, as: HintsResponse.self).suggestions.isEmpty)
        #expect(WireEndpoint.hints == "/api/visitor/v1/hints")
    }
}
