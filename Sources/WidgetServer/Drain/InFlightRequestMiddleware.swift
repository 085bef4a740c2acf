import Hummingbird

/// Counts the requests being handled, which the drain waits for (`ServerDrain`). A streamed answer (an event stream,
/// a file) counts until its handler returns the response, not while its body is written.
struct InFlightRequestMiddleware: RouterMiddleware {
    typealias Context = WidgetRequestContext

    let drain: ServerDrain

    func handle(
        _ request: Request,
        context: Context,
        next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        drain.requestStarted()
        defer { drain.requestFinished() }
        return try await next(request, context)
    }
}
