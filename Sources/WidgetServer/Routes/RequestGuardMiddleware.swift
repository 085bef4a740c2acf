import HTTPAPI
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
        let verdict = policy.check(request.head, listeningPort: context.listeningPort ?? 0)
        switch verdict {
        case .allowed: return try await next(request, context)
        case .foreignHost: throw APIError.forbiddenHost
        case .foreignOrigin: throw APIError.forbiddenOrigin
        }
    }
}
