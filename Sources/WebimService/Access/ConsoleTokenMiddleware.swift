import HTTPAPI
import Hummingbird

/// The door of the console's API: set on the route group under `/operator/api` (`ServiceParts`), so every route the
/// router matches there, in whatever spelling reached it, needs the token; no test of the path's text decides it.
struct ConsoleTokenMiddleware: RouterMiddleware {
    typealias Context = ServiceRequestContext

    let token: ConsoleToken

    func handle(
        _ request: Request,
        context: Context,
        next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        guard token.authorizes(request) else {
            throw APIError(
                .unauthorized,
                "The operator console needs its token: open the console link the server printed."
            )
        }
        return try await next(request, context)
    }
}
