import Foundation
import Hummingbird

/// Every error the API answers: `{"error":{"code","message","field"}}` with a fitting status.
struct APIError: HTTPResponseError {
    var status: HTTPResponse.Status
    var code: String
    var message: String
    var field: String?
    /// Extra headers: `Retry-After`, `Allow`.
    var headers: HTTPFields = [:]

    static func badRequest(_ code: String, _ message: String, field: String? = nil) -> APIError {
        APIError(status: .badRequest, code: code, message: message, field: field)
    }

    static func conflict(_ code: String, _ message: String) -> APIError {
        APIError(status: .conflict, code: code, message: message)
    }

    static let unknownTab = APIError(status: .notFound, code: "unknown_tab", message: "No open tab has this id.")
    static let sessionEnded = APIError.conflict("session_ended", "The tab's chat session has ended.")
    static let historyBusy = APIError.conflict("history_busy", "History is being read; try again.")
    static let notFound = APIError(status: .notFound, code: "not_found", message: "Nothing is here.")
    static let forbiddenHost = APIError(
        status: .forbidden,
        code: "forbidden_host",
        message: "This server does not serve that host name."
    )
    static let forbiddenOrigin = APIError(
        status: .forbidden,
        code: "forbidden_origin",
        message: "Changes are accepted only from this server's own pages."
    )

    /// 429: the page must wait `retryAfterSeconds` (rounded up) before its next change.
    static func rateLimited(retryAfterSeconds: Double) -> APIError {
        APIError(
            status: .tooManyRequests,
            code: "rate_limited",
            message: "Too many requests; wait a moment and try again.",
            headers: [.retryAfter: String(max(1, Int(retryAfterSeconds.rounded(.up))))]
        )
    }

    /// 503: as many tabs are open as the server keeps (`--max-tabs`); one closes within the idle timeout.
    static func tooManyTabs(retryAfterSeconds: Int) -> APIError {
        APIError(
            status: .serviceUnavailable,
            code: "too_many_tabs",
            message: "The server has as many chats open as it can keep; try again shortly.",
            headers: [.retryAfter: String(max(1, retryAfterSeconds))]
        )
    }

    /// 503: the tab's store on disk could not take the message, so it was not accepted; sending it again with the
    /// same `clientId` is safe.
    static let storageUnavailable = APIError(
        status: .serviceUnavailable,
        code: "storage_unavailable",
        message: "The message could not be saved; send it again.",
        headers: [.retryAfter: "1"]
    )

    /// 405: the path exists, but not for this method; `Allow` lists the methods it has.
    static func methodNotAllowed(allowed: [String]) -> APIError {
        APIError(
            status: .methodNotAllowed,
            code: "method_not_allowed",
            message: "This path accepts only \(allowed.joined(separator: ", ")).",
            headers: [.allow: allowed.joined(separator: ", ")]
        )
    }

    /// The JSON error for an error Hummingbird raised itself (no route, wrong method, bad request line).
    static func from(status: HTTPResponse.Status, message: String?) -> APIError {
        switch status {
        case .notFound: .notFound
        case .methodNotAllowed:
            APIError(status: status, code: "method_not_allowed", message: "This method is not allowed here.")
        case .contentTooLarge: APIError(status: status, code: "body_too_large", message: "The body is too large.")
        default:
            APIError(
                status: status,
                code: status.reasonPhrase.lowercased().replacingOccurrences(of: " ", with: "_"),
                message: message ?? status.reasonPhrase
            )
        }
    }

    func response(from request: Request, context: some RequestContext) throws -> Response {
        let body = try JSONEncoder().encode(Envelope(error: .init(code: code, message: message, field: field)))
        var fields: HTTPFields = [.contentType: "application/json; charset=utf-8", .cacheControl: "no-store"]
        fields.append(contentsOf: headers)
        return Response(
            status: status,
            headers: fields,
            body: ResponseBody(byteBuffer: ByteBuffer(bytes: body))
        )
    }

    private struct Envelope: Encodable {
        struct Body: Encodable {
            var code: String
            var message: String
            var field: String?
        }
        var error: Body
    }
}
