import HTTPAPI
import Hummingbird

/// Answers a request no route took: 405 `method_not_allowed` with `Allow` when its path has other methods, else 404
/// `not_found`.
///
/// It is added to the router after every route, so it stands only in front of Hummingbird's not-found responder, and
/// it is made from `router.routes` at that moment: the route list is the router's, never kept beside it.
struct UnroutedRequestMiddleware: RouterMiddleware {
    typealias Context = WidgetRequestContext

    /// One registered method and path.
    private struct Endpoint: Sendable {
        var method: String
        var path: RouterPath
    }

    private let endpoints: [Endpoint]

    /// The middleware for `router` as it is now.
    init(routes router: Router<WidgetRequestContext>) {
        endpoints = router.routes.map { Endpoint(method: $0.method.rawValue, path: $0.path) }
    }

    func handle(
        _ request: Request,
        context: Context,
        next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        let allowed = methods(matching: request.uri.path)
        // HEAD is answered only where a GET is: a HEAD for a GET route is a missing page, not a wrong method.
        let method = request.method == .head ? "GET" : request.method.rawValue
        guard allowed.isEmpty || allowed.contains(method) else { throw APIError.methodNotAllowed(allowed: allowed) }
        throw APIError.notFound
    }

    /// The methods registered for a concrete path, sorted.
    private func methods(matching path: String) -> [String] {
        let segments = path.split(separator: "/", omittingEmptySubsequences: true)
        return Set(endpoints.filter { Self.pattern($0.path, matches: segments) }.map(\.method)).sorted()
    }

    private static func pattern(_ pattern: RouterPath, matches segments: [Substring]) -> Bool {
        let elements = pattern.components
        if elements.last == .recursiveWildcard {
            return segments.count >= elements.count - 1 && zip(elements.dropLast(), segments).allSatisfy { $0 ~= $1 }
        }
        return elements.count == segments.count && zip(elements, segments).allSatisfy { $0 ~= $1 }
    }
}
