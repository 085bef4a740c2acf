package import HTTPTypes

extension APIError {
    /// 404: no route, or a route that found nothing.
    package static let notFound = APIError(.notFound, "Nothing is here.")

    /// 500, for a failure the server did not expect (it is logged, not shown).
    package static let unexpectedFailure = APIError(.internalError, "Something went wrong.")

    /// 403: the `Host` names a server this one is not.
    package static let forbiddenHost = APIError(.forbiddenHost, "This server does not serve that host name.")

    /// 403: a change asked for by a page of another origin.
    package static let forbiddenOrigin = APIError(
        .forbiddenOrigin,
        "Changes are accepted only from this server's own pages."
    )

    /// 415: a JSON route's body that does not say it is JSON.
    package static let notJSON = APIError(.unsupportedMediaType, "Send the body as application/json.")

    /// 413: a body over `limit` bytes.
    package static func bodyTooLarge(limit: Int) -> APIError {
        APIError(.bodyTooLarge, "The body exceeds \(max(1, limit / 1024)) KiB.")
    }

    /// 405: the path exists, but not for this method; `Allow` lists the methods it has.
    package static func methodNotAllowed(allowed: [String]) -> APIError {
        APIError(
            .methodNotAllowed,
            "This path accepts only \(allowed.joined(separator: ", ")).",
            headers: [.allow: allowed.joined(separator: ", ")]
        )
    }

    /// The error for a refusal Hummingbird raised itself (a missing file, a body over the limit, a bad escape), or
    /// nil for a status it has no code for, which the middleware treats as unexpected.
    package init?(refusalStatus status: HTTPResponse.Status, message: String?) {
        switch status {
        case .badRequest: self.init(.badRequest, message ?? "The request is malformed.")
        case .notFound: self = .notFound
        case .contentTooLarge: self.init(.bodyTooLarge, "The body is too large.")
        case .rangeNotSatisfiable: self.init(.rangeNotSatisfiable, message ?? "The range cannot be read.")
        default: return nil
        }
    }
}
