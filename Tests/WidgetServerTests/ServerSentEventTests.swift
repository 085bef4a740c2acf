import NIOCore
import Testing

@testable import WidgetServer

/// SSE framing, pinned to the text EventSource parses.
@Suite struct ServerSentEventTests {
    @Test func eventWithIDNameAndMultilineData() {
        let event = ServerSentEvent(id: 7, event: "message.added", data: "{\"a\":1}\nsecond")
        #expect(event.text == "id: 7\nevent: message.added\ndata: {\"a\":1}\ndata: second\n\n")
    }

    @Test func retryFrame() {
        #expect(ServerSentEvent.retry(milliseconds: 2000) == "retry: 2000\n\n")
    }

    /// A drain's last frame: a short retry, then a named event with no `id:`, so that the page's cursor stays on the
    /// last event it had.
    @Test func reconnectFrame() {
        let frame = EventFrame.reconnect(reason: .draining, retryMilliseconds: 1000)
        #expect(
            String(buffer: frame.bytes) == "retry: 1000\n\nevent: reconnect\ndata: {\"reason\":\"draining\"}\n\n"
        )
        #expect(frame.id == nil && frame.event == "reconnect")
        #expect(ServerDrain.retryMilliseconds == 1000)
    }
}
