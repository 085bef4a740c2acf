package import Hummingbird

/// Stands in front of a server's whole router: a path that `RequestPathRule` refuses is answered with a JSON 400
/// `invalid_path` before any route, middleware or access rule sees it.
package struct PathRuleResponder<Wrapped: HTTPResponder>: HTTPResponder where Wrapped.Context: RequestContext {
    package typealias Context = Wrapped.Context

    let wrapped: Wrapped
    /// Where the last segment is a free name (`RequestPathRule.violation(in:namePrefixes:)`).
    let namePrefixes: [String]

    /// The rule in front of `wrapped` (a router's responder).
    package init(wrapping wrapped: Wrapped, namePrefixes: [String] = []) {
        self.wrapped = wrapped
        self.namePrefixes = namePrefixes
    }

    /// Refuses a path that is not the one spelling of itself; passes every other request on.
    package func respond(to request: Request, context: Context) async throws -> Response {
        guard let violation = RequestPathRule.violation(in: request.uri.path, namePrefixes: namePrefixes) else {
            return try await wrapped.respond(to: request, context: context)
        }
        return try APIError(.invalidPath, violation.explanation, field: "path").response(
            from: request,
            context: context
        )
    }
}
