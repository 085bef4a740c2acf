import HTTPAPI
import Hummingbird
import Logging
import WebimWire

/// The Webim protocol's own failures, which are not HTTP API errors: a path no route takes is the protocol's 404
/// `{"error":"not-found"}` (on every path, the console's included), and a failure on a protocol path is HTTP 200
/// `{"error":"internal_error"}` (PROTOCOL.md §1.5: every SDK version parses a 200).
///
/// It stands just inside `APIErrorMiddleware`, which answers everything else (an `APIError` from the checks after
/// it, and every console failure) as `{"error":{"code","message","field"}}`.
struct WireErrorMiddleware<Context: RequestContext>: RouterMiddleware {
    let logger: Logger

    func handle(
        _ request: Request,
        context: Context,
        next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        do {
            return try await next(request, context)
        } catch let error as HTTPError where error.status == .notFound {
            return try JSONResponse.make(ActionResponse.failure("not-found"), status: .notFound)
        } catch {
            // Other paths' failures are API errors, and the client of a protocol path that went away (a destroyed
            // session's held poll, or shutdown) reads no answer.
            guard Self.isProtocolPath(request.uri.path), !(error is APIError), !(error is CancellationError) else {
                throw error
            }
            logger.error(
                "request failed",
                metadata: ["path": "\(request.uri.path)", "method": "\(request.method)", "error": "\(error)"]
            )
            return try JSONResponse.make(ActionResponse.failure(WireError.internalError))
        }
    }

    /// Paths the Webim SDKs call.
    static func isProtocolPath(_ path: String) -> Bool {
        path.hasPrefix("/l/") || path.hasPrefix("/api/visitor/") || path.hasPrefix("/x/js/")
    }
}
