import TestSupport
import Testing

/// `GET /api/locations/{location}/status` says whether the chat service answered at all, so that a kiosk's attract
/// screen can say the chat is unavailable rather than invite a visitor into a chat that cannot send.
@Suite struct LocationStatusRouteTests {
    @Test func aServiceThatAnswersIsReachable() async throws {
        try await LiveStack.withStack { stack in
            let answer = try await WidgetClient(stack).get("/api/locations/manual/status")
            #expect(answer.status == 200)
            #expect(answer.text.contains(#""reachable":true"#))
            #expect(!answer.text.contains(#""status":"unknown""#))
        }
    }

    @Test func aServiceThatDoesNotAnswerIsUnreachable() async throws {
        try await WidgetClient.withWidgetAlone { client in
            let answer = try await client.get("/api/locations/manual/status")
            #expect(answer.status == 200)
            #expect(answer.text.contains(#""reachable":false"#) && answer.text.contains(#""status":"unknown""#))
        }
    }
}
