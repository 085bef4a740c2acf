package import Foundation
package import HTTPTypes
package import Hummingbird

/// An HTTP API failure, answered as `{"error":{"code","message","field"}}` with its code's status: the one shape the
/// widget page and the operator console read.
package struct APIError: HTTPResponseError, Sendable {
    /// What went wrong, as the page and the console read it.
    package var code: Code
    /// A sentence a person can read.
    package var message: String
    /// The request field at fault (a body field, a query parameter, a path segment), when there is one.
    package var field: String?
    /// Extra headers: `Retry-After`, `Allow`.
    package var headers: HTTPFields

    /// An error with `code`'s status.
    package init(_ code: Code, _ message: String, field: String? = nil, headers: HTTPFields = [:]) {
        self.code = code
        self.message = message
        self.field = field
        self.headers = headers
    }

    /// The HTTP status, fixed by the code.
    package var status: HTTPResponse.Status { code.status }

    /// The JSON answer.
    package func response(from request: Request, context: some RequestContext) throws -> Response {
        var fields: HTTPFields = [.contentType: "application/json; charset=utf-8", .cacheControl: "no-store"]
        fields.append(contentsOf: headers)
        return Response(status: status, headers: fields, body: ResponseBody(byteBuffer: ByteBuffer(bytes: try json())))
    }

    /// The body's bytes: keys sorted, so that the same error is the same bytes from either server.
    package func json() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(Envelope(error: .init(code: code.rawValue, message: message, field: field)))
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
