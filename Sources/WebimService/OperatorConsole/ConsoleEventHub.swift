import Foundation

/// Fans console events out to every open `/operator/api/events` stream.
actor ConsoleEventHub {
    private var subscribers: [Int: AsyncStream<ConsoleEvent>.Continuation] = [:]
    private var nextSubscriberID = 0
    private var nextEventID = 0

    /// A new stream of events from now on; a slow reader keeps only the newest 256.
    func subscribe() -> (id: Int, events: AsyncStream<ConsoleEvent>) {
        let (stream, continuation) = AsyncStream.makeStream(
            of: ConsoleEvent.self,
            bufferingPolicy: .bufferingNewest(256)
        )
        let id = nextSubscriberID
        nextSubscriberID += 1
        subscribers[id] = continuation
        return (id, stream)
    }

    /// Ends a stream.
    func unsubscribe(_ id: Int) {
        subscribers.removeValue(forKey: id)?.finish()
    }

    /// Sends an event to every stream, numbered so that the page can tell what it missed.
    func publish(_ event: ConsoleEvent) {
        nextEventID += 1
        var numbered = event
        numbered.id = nextEventID
        for subscriber in subscribers.values { subscriber.yield(numbered) }
    }
}

/// Something the console should show: a visitor's state changed, a visitor types, a location changed.
struct ConsoleEvent: Sendable, Encodable {
    var id = 0
    /// `visitor.changed`, `visitor.typing`, `location.changed`.
    var kind: String
    var visitorID: String?
    /// The visitor's new revision, for `visitor.changed`.
    var revision: Int?
    var typing: Bool?
    var draft: String?

    init(kind: String, visitorID: String?, revision: Int?, typing: Bool? = nil, draft: String? = nil) {
        self.kind = kind
        self.visitorID = visitorID
        self.revision = revision
        self.typing = typing
        self.draft = draft
    }
}
