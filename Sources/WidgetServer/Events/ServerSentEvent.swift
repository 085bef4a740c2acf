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
    public var text: String {
        if let comment { return ": \(comment)\n\n" }
        var text = ""
        if let id { text += "id: \(id)\n" }
        if let event { text += "event: \(event)\n" }
        for line in data.split(separator: "\n", omittingEmptySubsequences: false) {
            text += "data: \(line)\n"
        }
        return text + "\n"
    }

    /// The reconnection delay frame that opens every stream.
    public static func retry(milliseconds: Int) -> String { "retry: \(milliseconds)\n\n" }
}
