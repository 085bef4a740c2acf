import HTTPTypes
import Hummingbird

/// Refuses state-changing requests that a browser sent from another site (403 `forbidden_origin`).
///
/// The request must carry `Origin` equal to this server's own (`http(s)://` + `Host`) or
/// `Sec-Fetch-Site: same-origin`/`none`. A request with neither header did not come from a browser page
/// (browsers send `Origin` on every non-GET fetch), so it cannot be a cross-site forgery and passes.
struct OriginCheckMiddleware<Context: RequestContext>: RouterMiddleware {
    func handle(
        _ request: Request,
        context: Context,
        next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        guard Self.isStateChanging(request.method) else { return try await next(request, context) }
        let origin = request.headers[.origin]
        let fetchSite = request.headers[HTTPField.Name("Sec-Fetch-Site")!]
        if let origin {
            let host = request.head.authority ?? ""
            guard !host.isEmpty, origin == "http://\(host)" || origin == "https://\(host)" else {
                throw APIError.forbiddenOrigin
            }
        } else if let fetchSite, fetchSite != "same-origin", fetchSite != "none" {
            throw APIError.forbiddenOrigin
        }
        return try await next(request, context)
    }

    private static func isStateChanging(_ method: HTTPRequest.Method) -> Bool {
        method != .get && method != .head && method != .options
    }
}
