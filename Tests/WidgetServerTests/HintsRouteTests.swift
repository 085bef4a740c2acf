import Foundation
import TestSupport
import Testing

/// Hints over real HTTP against the embedded service's `hints` location: the tab learns that hints are offered, the
/// hints route answers the location's questions through the core's `autocomplete(text:)`, and a chosen question sent
/// with `hintQuestion` reaches the service as `hint_question` (the bot's other answer proves it).
@Suite struct HintsRouteTests {
    @Test func suggestionsComeThroughTheCoreAndAChosenOneGoesAsAHintQuestion() async throws {
        try await LiveStack.withStack { stack in
            let client = WidgetClient(stack)
            let tab = try await client.createTab(location: "hints")
            let stream = try await client.events(tab)
            var offered = false
            while !offered, let event = await stream.next(timeout: .seconds(20)) {
                offered = event.json["hintsEnabled"] as? Bool == true
            }
            #expect(offered, "neither the snapshot nor a location.settings event offered hints")

            let hints = try await client.post("/api/tabs/\(tab)/hints", #"{"text":"how do"}"#)
            #expect(hints.status == 200, "\(hints.text)")
            #expect(
                hints.json["suggestions"] as? [String]
                    == ["How do I track my order?", "How do I return an item?", "How do I reset my password?"]
            )
            let none = try await client.post("/api/tabs/\(tab)/hints", #"{"text":"parcel"}"#)
            #expect(none.status == 200 && (none.json["suggestions"] as? [String])?.isEmpty == true)

            let sent = try await client.post(
                "/api/tabs/\(tab)/messages",
                #"{"text":"How do I track my order?","clientId":"hint-0001","hintQuestion":true}"#
            )
            #expect(sent.status == 202, "\(sent.text)")
            var answer: String?
            var seen: [String] = []
            while answer == nil, let event = await stream.next(timeout: .seconds(20)) {
                seen.append(event.name)
                if let text = event.message?["text"] as? String, text.hasPrefix("You ") { answer = text }
            }
            #expect(answer == "You picked a suggested question: How do I track my order?", "events: \(seen)")
            stream.close()
        }
    }

    @Test func badTextAndAHintWithAQuoteAreRefusedAndALocationWithoutHintsOffersNone() async throws {
        try await LiveStack.withStack { stack in
            let client = WidgetClient(stack)
            let tab = try await client.createTab(location: "hints")
            let long = try await client.post(
                "/api/tabs/\(tab)/hints",
                #"{"text":"\#(String(repeating: "a", count: 1_001))"}"#
            )
            #expect(long.status == 400 && long.errorCode == "hint_text_too_long" && long.errorField == "text")
            let missing = try await client.post("/api/tabs/\(tab)/hints", #"{"words":"how"}"#)
            #expect(missing.status == 400)
            let quoting = try await client.post(
                "/api/tabs/\(tab)/messages",
                #"{"text":"How do I track my order?","clientId":"hint-0002","hintQuestion":true,"quotedMessageId":"m1"}"#
            )
            #expect(
                quoting.status == 400 && quoting.errorCode == "invalid_field" && quoting.errorField == "hintQuestion"
            )
            let withData = try await client.post(
                "/api/tabs/\(tab)/messages",
                #"{"text":"How?","clientId":"hint-0003","hintQuestion":true,"data":{"a":1}}"#
            )
            #expect(withData.status == 400 && withData.errorField == "hintQuestion")

            let plain = try await client.createTab(location: "default")
            let refused = try await client.post("/api/tabs/\(plain)/hints", #"{"text":"how do"}"#)
            #expect(refused.status == 409 && refused.errorCode == "hints_unavailable")
            let unknown = try await client.post("/api/tabs/AAAAAAAAAAAAAAAAAAAAAA/hints", #"{"text":"how"}"#)
            #expect(unknown.status == 404)
        }
    }
}
