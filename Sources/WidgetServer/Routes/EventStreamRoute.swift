import HTTPTypes
import Hummingbird
import ServiceLifecycle

/// `GET /api/tabs/{tab}/events`: the tab's server-sent events (DESIGN.md, the event stream).
struct EventStreamRoute {
    let registry: TabRegistry
    /// The reconnection delay the page's EventSource is told.
    let retryMilliseconds = 2_000

    func add(to router: Router<BasicRequestContext>) {
        router.get("/api/tabs/{tab}/events") { request, context in
            // 204 tells EventSource to stop: the tab is gone and will not come back.
            guard let id = context.parameters.get("tab"), let tab = registry.tab(id: id),
                let (initial, live) = tab.events.subscribe(after: Self.cursor(of: request))
            else { return Response(status: .noContent) }
            let retry = ServerSentEvent.retry(milliseconds: retryMilliseconds)
            return Response(
                status: .ok,
                headers: [
                    .contentType: "text/event-stream",
                    .cacheControl: "no-cache",
                    HTTPField.Name("X-Accel-Buffering")!: "no",
                ],
                body: ResponseBody { writer in
                    try await writer.write(ByteBuffer(string: retry + initial.map(\.text).joined()))
                    for await event in live.cancelOnGracefulShutdown() {
                        try await writer.write(ByteBuffer(string: event.text))
                    }
                    try await writer.finish(nil)
                }
            )
        }
    }

    /// The resume cursor: `Last-Event-ID` from EventSource, or `?after=` from a reloaded page.
    private static func cursor(of request: Request) -> Int? {
        if let header = request.headers[HTTPField.Name("Last-Event-ID")!], let id = Int(header) { return id }
        return request.uri.queryParameters.get("after").flatMap { Int($0) }
    }
}
