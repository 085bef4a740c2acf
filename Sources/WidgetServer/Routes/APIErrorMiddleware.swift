import Hummingbird
import Logging

/// Maps every error to the API's JSON shape: Hummingbird's own (no route: 404, or 405 when the path has other
/// methods) and unexpected ones (500, logged).
struct APIErrorMiddleware<Context: RequestContext>: RouterMiddleware {
    let logger: Logger
    /// The registered routes, to tell a wrong method from a wrong path.
    let routes: RouteTable

    func handle(
        _ request: Request,
        context: Context,
        next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        do {
            return try await next(request, context)
        } catch let error as APIError {
            throw error
        } catch let error as HTTPError where error.status == .notFound {
            // A route with this method that found nothing (a missing file under `/static/**`) is a plain 404.
            let allowed = routes.methods(matching: request.uri.path)
            let method = request.method == .head ? "GET" : request.method.rawValue
            guard allowed.isEmpty || allowed.contains(method) else { throw APIError.methodNotAllowed(allowed: allowed) }
            throw APIError.notFound
        } catch let error as HTTPError {
            throw APIError.from(status: error.status, message: error.body)
        } catch let error as any HTTPResponseError {
            throw APIError.from(status: error.status, message: nil)
        } catch {
            logger.error("request failed", metadata: ["error": "\(error)", "path": "\(request.uri.path)"])
            throw APIError(status: .internalServerError, code: "internal_error", message: "Something went wrong.")
        }
    }
}
