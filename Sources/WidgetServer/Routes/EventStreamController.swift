import HTTPAPI
import HTTPTypes
import Hummingbird
import ServiceLifecycle

/// `GET /api/tabs/{tab}/events`: the tab's server-sent events (the contract's event stream); and
/// `GET /api/tabs/{tab}/snapshot`, the stream's first event alone, for a browser tab that follows another's stream.
struct EventStreamController {
    let registry: TabRegistry
    /// The reconnection delay the page's EventSource is told.
    let retryMilliseconds = 2_000

    /// The route, below `/api/tabs`.
    var endpoints: RouteCollection<WidgetRequestContext> {
        RouteCollection(context: WidgetRequestContext.self)
            .get("{tab}/events", use: events)
            .get("{tab}/snapshot", use: snapshot)
    }

    /// `{eventId, snapshot}`: what the tab looks like now, and the last event that includes, from which the events
    /// another browser tab relays go on.
    private struct SnapshotAnswer: Encodable {
        var eventId: String
        var snapshot: TabProjection.Snapshot

        private enum CodingKeys: String, CodingKey {
            case eventId = "eventId"
            case snapshot = "snapshot"
        }
    }

    private func snapshot(_ request: Request, context: WidgetRequestContext) async throws -> Response {
        guard let current = try registry.tab(context).events.currentSnapshot() else { throw APIError.unknownTab }
        let answer = SnapshotAnswer(eventId: String(current.lastEventID), snapshot: current.snapshot)
        return try JSONResponse.make(answer)
    }

    private func events(_ request: Request, context: WidgetRequestContext) async throws -> Response {
        let cursor = try Self.cursor(of: request)
        // 204 tells EventSource to stop: the tab is gone and will not come back.
        guard let id = context.parameters.get("tab"), let tab = registry.tab(id: id),
            let subscription = tab.events.subscribe(after: cursor)
        else { return Response(status: .noContent) }
        let opening = subscription.initial.reduce(
            into: ByteBuffer(string: ServerSentEvent.retry(milliseconds: retryMilliseconds))
        ) { opening, frame in opening.writeImmutableBuffer(frame.bytes) }
        return Response(
            status: .ok,
            headers: [
                .contentType: "text/event-stream",
                .cacheControl: "no-cache",
                HTTPField.Name("X-Accel-Buffering")!: "no",
                // The server closes the connection when the stream ends (its request body was handed to
                // the inbound-close handler), so say so: otherwise a client may reuse it for its next
                // request and get "I/O on closed channel" (a tab deleted, then its events asked again).
                .connection: "close",
            ],
            body: ResponseBody { writer in
                try await writer.write(opening)
                // The page closing its connection ends the stream at once, not at the next failed write.
                try await request.body.consumeWithInboundCloseHandler { _ in
                    // A shutdown ends the subscription, and with it this loop. Not `cancelOnGracefulShutdown()`:
                    // that merges the stream with the shutdown signal, which cost every event a hop through the
                    // merge's own task and every stream that task's memory. Pings come from `StreamPinger`.
                    try await withGracefulShutdownHandler {
                        // Every frame that waits goes in one write: one hop to the connection's event loop.
                        while let frames = await subscription.next() {
                            try await writer.write(contentsOf: frames.lazy.map(\.bytes))
                            for frame in frames where frame.id != nil {
                                registry.metrics.delivered(publishedAt: frame.publishedAt)
                            }
                        }
                    } onGracefulShutdown: {
                        subscription.end()
                    }
                } onInboundClosed: {
                    subscription.end()
                }
                try await writer.finish(nil)
            }
        )
    }

    /// The resume cursor: `Last-Event-ID` from EventSource, or `?after=` from a reloaded page.
    private static func cursor(of request: Request) throws -> Int? {
        if let header = request.headers[HTTPField.Name("Last-Event-ID")!], !header.isEmpty {
            guard let id = Int(header), id >= 0 else {
                throw APIError(.invalidLastEventID, "Last-Event-ID is an event id.", field: "Last-Event-ID")
            }
            return id
        }
        guard let after = FormQuery(request).get("after") else { return nil }
        guard let id = Int(after), id >= 0 else {
            throw APIError(.invalidAfter, "after is an event id.", field: "after")
        }
        return id
    }
}
