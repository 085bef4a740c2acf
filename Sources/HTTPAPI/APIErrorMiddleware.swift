package import Hummingbird
package import Logging

/// Answers every failure of the routes after it as an `APIError`: the error itself, a domain error's
/// (`APIErrorConvertible`), Hummingbird's own refusals by their status, and anything else as a logged 500.
package struct APIErrorMiddleware<Context: RequestContext>: RouterMiddleware {
    /// Where unexpected failures are logged.
    package let logger: Logger

    /// A middleware logging to `logger`.
    package init(logger: Logger) { self.logger = logger }

    /// Runs the request, answering what it throws.
    package func handle(
        _ request: Request,
        context: Context,
        next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        do {
            return try await next(request, context)
        } catch let error as APIError {
            throw error
        } catch let error as any APIErrorConvertible {
            throw error.apiError
        } catch let error as any HTTPResponseError {
            let message = (error as? HTTPError)?.body
            guard let refusal = APIError(refusalStatus: error.status, message: message) else {
                throw unexpected(error, request)
            }
            throw refusal
        } catch is CancellationError {
            // The client went away (a closed page, or shutdown): nobody reads an answer.
            throw CancellationError()
        } catch {
            throw unexpected(error, request)
        }
    }

    /// Logs a failure the server did not expect and answers it as a 500 that says nothing of it. The widget's paths
    /// (and errors about a tab's folder) hold tab ids, which the log keeps only shortened.
    private func unexpected(_ error: any Error, _ request: Request) -> APIError {
        logger.error(
            "request failed",
            metadata: [
                "path": "\(LoggedTabID.redacted(in: request.uri.path))", "method": "\(request.method)",
                "error": "\(LoggedTabID.redacted(in: "\(error)"))",
            ]
        )
        return .unexpectedFailure
    }
}
