import HTTPAPI
import Hummingbird
import WebimWire

/// Refuses requests for a host name the service does not serve (DNS rebinding) and changes asked for by another
/// site's page (CSRF), on every route: the protocol's, the files' and the console's (`OriginPolicy`).
///
/// Client cores of this process reach the routes in process and pass: they are the service's own.
struct RequestGuardMiddleware: RouterMiddleware {
    typealias Context = ServiceRequestContext

    let policy: OriginPolicy

    func handle(
        _ request: Request,
        context: Context,
        next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        guard !context.isInProcess else { return try await next(request, context) }
        let verdict = policy.check(request.head, listeningPort: context.listeningPort ?? 0)
        switch verdict {
        case .allowed: return try await next(request, context)
        case .foreignHost: throw APIError.forbiddenHost
        case .foreignOrigin: throw APIError.forbiddenOrigin
        }
    }
}
