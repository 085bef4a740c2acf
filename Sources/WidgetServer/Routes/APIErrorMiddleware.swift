import Hummingbird
import Logging

/// Maps every error to the API's JSON shape: Hummingbird's own (no route: 404) and unexpected ones (500, logged).
struct APIErrorMiddleware<Context: RequestContext>: RouterMiddleware {
    let logger: Logger

    func handle(
        _ request: Request,
        context: Context,
        next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        do {
            return try await next(request, context)
        } catch let error as APIError {
            throw error
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
