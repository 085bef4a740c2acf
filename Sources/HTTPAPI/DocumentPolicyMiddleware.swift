package import HTTPTypes
package import Hummingbird

/// Gives every document a browser may render (HTML, XHTML, SVG) that leaves the server a Content-Security-Policy
/// with `frame-ancestors`, whichever route, file folder or refusal made it, so that no page of another origin can
/// frame it and trick a click out of its user (clickjacking).
///
/// A route that knows better (the widget page, framed by the sites of `--embed-origins`) sets its own policy and
/// keeps it; a policy without `frame-ancestors` (a visitor's file, `sandbox`) gets `frame-ancestors 'none'` added;
/// anything else gets `defaults`. Both servers stand it outermost, so that a response made by any middleware after it
/// passes here.
package struct DocumentPolicyMiddleware<Context: RequestContext>: RouterMiddleware {
    /// What a document that sets none of these headers gets; its policy must say who may frame it.
    let defaults: HTTPFields

    /// A middleware adding `defaults` (a `Content-Security-Policy` that names `frame-ancestors`, and any other
    /// header) to documents that lack them.
    package init(defaults: HTTPFields) { self.defaults = defaults }

    /// Runs the request, then completes the answer's headers if it is a document.
    package func handle(
        _ request: Request,
        context: Context,
        next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        var response = try await next(request, context)
        guard Self.isDocument(response.headers[.contentType]) else { return response }
        if let policy = response.headers[.contentSecurityPolicy], !policy.contains("frame-ancestors") {
            response.headers[.contentSecurityPolicy] = policy + "; frame-ancestors 'none'"
        }
        for field in defaults where response.headers[field.name] == nil {
            response.headers[field.name] = field.value
        }
        return response
    }

    /// The media types a browser renders as a page of the origin, with scripts, when it is navigated to or framed.
    package static func isDocument(_ contentType: String?) -> Bool {
        guard let contentType else { return false }
        let essence = String(contentType.prefix { $0 != ";" }.filter { !$0.isWhitespace }).lowercased()
        return ["text/html", "application/xhtml+xml", "image/svg+xml"].contains(essence)
    }
}
