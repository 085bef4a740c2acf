import NIOCore

/// One server-sent event, framed as the EventSource spec reads it.
public struct ServerSentEvent: Sendable, Equatable {
    /// The per-tab cursor; nil for comments and `retry:` frames.
    public var id: Int?
    /// The event name; nil means the default `message` event.
    public var event: String?
    /// The payload; each line becomes its own `data:` line.
    public var data: String
    /// A comment frame instead (`: ping`), which EventSource ignores; a proxy sees the connection in use.
    public var comment: String?

    public init(id: Int?, event: String?, data: String) {
        self.id = id
        self.event = event
        self.data = data
    }

    /// The keep-alive comment.
    public static let ping = {
        var ping = ServerSentEvent(id: nil, event: nil, data: "")
        ping.comment = "ping"
        return ping
    }()

    /// The wire text, ending with the blank line that dispatches the event.
    public var text: String { String(buffer: bytes) }

    /// The wire bytes, written straight into one buffer: the stream writes these, once framed, to every reader.
    var bytes: ByteBuffer {
        var buffer = ByteBuffer()
        if let comment {
            buffer.writeString(": \(comment)\n\n")
            return buffer
        }
        buffer.reserveCapacity(data.utf8.count + 64)
        if let id { buffer.writeString("id: \(id)\n") }
        if let event {
            buffer.writeString("event: ")
            buffer.writeString(event)
            buffer.writeString("\n")
        }
        // JSON never holds a raw line break, so the data is nearly always one line, written without splitting.
        if data.utf8.contains(UInt8(ascii: "\n")) {
            for line in data.split(separator: "\n", omittingEmptySubsequences: false) {
                buffer.writeString("data: ")
                buffer.writeSubstring(line)
                buffer.writeString("\n")
            }
        } else {
            buffer.writeString("data: ")
            buffer.writeString(data)
            buffer.writeString("\n")
        }
        buffer.writeString("\n")
        return buffer
    }

    /// The reconnection delay frame that opens every stream.
    public static func retry(milliseconds: Int) -> String { "retry: \(milliseconds)\n\n" }
}
