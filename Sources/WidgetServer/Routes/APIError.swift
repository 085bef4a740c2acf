import Foundation
import Hummingbird

/// Every error the API answers: `{"error":{"code","message","field"}}` with a fitting status.
struct APIError: HTTPResponseError {
    var status: HTTPResponse.Status
    var code: String
    var message: String
    var field: String?

    static func badRequest(_ code: String, _ message: String, field: String? = nil) -> APIError {
        APIError(status: .badRequest, code: code, message: message, field: field)
    }

    static let unknownTab = APIError(status: .notFound, code: "unknown_tab", message: "No open tab has this id.")

    func response(from request: Request, context: some RequestContext) throws -> Response {
        let body = try JSONEncoder().encode(Envelope(error: .init(code: code, message: message, field: field)))
        return Response(
            status: status,
            headers: [.contentType: "application/json; charset=utf-8", .cacheControl: "no-store"],
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
