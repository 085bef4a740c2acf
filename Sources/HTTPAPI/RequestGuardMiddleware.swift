package import Hummingbird

/// A request context that knows the port its request arrived on, which an origin must name.
package protocol ListeningPortRequestContext: RequestContext {
    /// The port of the socket the request arrived on.
    var listeningPort: Int? { get }
}

/// Refuses a request for a host name the server does not serve (403 `forbidden_host`: DNS rebinding) and a change a
/// page of another origin asked for (403 `forbidden_origin`: CSRF), by `OriginPolicy`, before any route runs. Both
/// servers stand it in front of every route: the widget's, and the service's protocol, files and console.
package struct RequestGuardMiddleware<Context: ListeningPortRequestContext>: RouterMiddleware {
    let policy: OriginPolicy

    package init(policy: OriginPolicy) { self.policy = policy }

    package func handle(
        _ request: Request,
        context: Context,
        next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        switch policy.check(request.head, listeningPort: context.listeningPort ?? 0) {
        case .allowed: return try await next(request, context)
        case .foreignHost: throw APIError.forbiddenHost
        case .foreignOrigin: throw APIError.forbiddenOrigin
        }
    }
}
