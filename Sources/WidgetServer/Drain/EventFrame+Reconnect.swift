import Foundation
import NIOCore

extension EventFrame {
    /// The last frame of a stream the server ends for a reason of its own: `retry:` (so that an EventSource which
    /// reconnects by itself does so soon), then a `reconnect` event whose page reopens the stream at once. It has no
    /// `id:`, so the page resumes after the last event it had; it is never numbered or replayed.
    static func reconnect(reason: ReconnectReason, retryMilliseconds: Int) -> EventFrame {
        let data = (try? JSONEncoder().encode(["reason": reason.rawValue])).map { String(decoding: $0, as: UTF8.self) }
        let event = ServerSentEvent(id: nil, event: EventName.reconnect.rawValue, data: data ?? "{}")
        var bytes = ByteBuffer(string: ServerSentEvent.retry(milliseconds: retryMilliseconds))
        bytes.writeImmutableBuffer(event.bytes)
        return EventFrame(id: nil, event: EventName.reconnect.rawValue, bytes: bytes)
    }

    private init(id: Int?, event: String?, bytes: ByteBuffer) {
        self.id = id
        self.event = event
        self.bytes = bytes
        publishedAt = 0
    }
}
