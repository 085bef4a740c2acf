import Testing
import WidgetServer

/// SSE framing, pinned to the text EventSource parses.
@Suite struct ServerSentEventTests {
    @Test func eventWithIDNameAndMultilineData() {
        let event = ServerSentEvent(id: 7, event: "message.added", data: "{\"a\":1}\nsecond")
        #expect(event.text == "id: 7\nevent: message.added\ndata: {\"a\":1}\ndata: second\n\n")
    }

    @Test func retryFrame() {
        #expect(ServerSentEvent.retry(milliseconds: 2000) == "retry: 2000\n\n")
    }
}
