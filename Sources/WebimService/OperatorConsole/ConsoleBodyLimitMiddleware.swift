import Hummingbird

/// Sets the largest JSON body the console's routes read: an operator's file travels in one as base64, so the limit
/// follows the largest upload a location allows (`BodyLimit.consoleJSON`), which only the built service knows.
struct ConsoleBodyLimitMiddleware: RouterMiddleware {
    typealias Context = ServiceRequestContext

    /// The limit in bytes.
    let bytes: Int

    func handle(
        _ request: Request,
        context: Context,
        next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        var context = context
        context.maxUploadSize = bytes
        return try await next(request, context)
    }
}
