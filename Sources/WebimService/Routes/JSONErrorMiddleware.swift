import Hummingbird
import Logging
import WebimWire

/// Every failure becomes a JSON body, never an HTML page or a dropped connection.
///
/// Unknown paths get a 404 `{"error":"not-found"}`; a failure on a protocol path gets HTTP 200
/// `{"error":"internal_error"}` (PROTOCOL.md §1.5: every SDK version parses a 200); console API errors keep
/// their status with `{"error":{"code","message","field"}}` (STYLE.md §3).
struct JSONErrorMiddleware<Context: RequestContext>: RouterMiddleware {
    let logger: Logger

    func handle(
        _ request: Request,
        context: Context,
        next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        do {
            return try await next(request, context)
        } catch let error as ConsoleAPIError {
            return try JSONResponse.make(error.body, status: error.status)
        } catch let error as HTTPError where error.status == .notFound {
            return try JSONResponse.make(ActionResponse.failure("not-found"), status: .notFound)
        } catch let error as HTTPError where !Self.isProtocolPath(request.uri.path) {
            return try JSONResponse.make(
                ConsoleAPIError(status: error.status, code: "http_error", message: error.body ?? "").body,
                status: error.status
            )
        } catch is CancellationError {
            // The client went away (a destroyed session's held poll, or shutdown): nobody reads an answer.
            throw CancellationError()
        } catch {
            logger.error(
                "request failed",
                metadata: ["path": "\(request.uri.path)", "method": "\(request.method)", "error": "\(error)"]
            )
            guard Self.isProtocolPath(request.uri.path) else {
                let failure = ConsoleAPIError(
                    status: .internalServerError,
                    code: "internal_error",
                    message: "internal error"
                )
                return try JSONResponse.make(failure.body, status: .internalServerError)
            }
            return try JSONResponse.make(ActionResponse.failure(WireError.internalError))
        }
    }

    /// Paths the Webim SDKs call.
    static func isProtocolPath(_ path: String) -> Bool {
        path.hasPrefix("/l/") || path.hasPrefix("/api/visitor/") || path.hasPrefix("/x/js/")
    }
}
