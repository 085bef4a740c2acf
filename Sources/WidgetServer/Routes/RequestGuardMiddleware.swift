import HTTPTypes
import Hummingbird
import WebimWire

/// Refuses a request for a host name this server does not serve (403 `forbidden_host`: DNS rebinding) and a change a
/// page of another origin asked for (403 `forbidden_origin`: CSRF), by `OriginPolicy`, before any route runs.
struct RequestGuardMiddleware: RouterMiddleware {
    typealias Context = WidgetRequestContext

    let policy: OriginPolicy

    func handle(
        _ request: Request,
        context: Context,
        next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        let verdict = policy.check(
            isStateChanging: request.method != .get && request.method != .head && request.method != .options,
            authority: request.head.authority,
            origin: request.headers[.origin],
            fetchSite: request.headers[HTTPField.Name("Sec-Fetch-Site")!],
            listeningPort: context.listeningPort ?? 0
        )
        switch verdict {
        case .allowed: return try await next(request, context)
        case .foreignHost: throw APIError.forbiddenHost
        case .foreignOrigin: throw APIError.forbiddenOrigin
        }
    }
}
