import Foundation
import Hummingbird
import WebimWire

/// Reads and writes the API's JSON bodies, turning malformed input into an `APIError` that names the problem.
enum JSONBody {
    /// Requests are small: a message, a tab's options.
    static let maximumSize = 256 * 1024

    /// The body's bytes, by `JSONContentType`'s rule (415 for a body that does not say it is JSON); an empty body
    /// reads as `{}` when `allowEmpty`.
    static func collect(_ request: Request, allowEmpty: Bool = false) async throws -> Data {
        let contentType = JSONContentType(request.headers[.contentType])
        guard contentType.mayBeRead else { throw notJSON }
        let buffer: ByteBuffer
        do {
            buffer = try await request.body.collect(upTo: maximumSize)
        } catch {
            throw APIError(status: .contentTooLarge, code: "body_too_large", message: "The body exceeds 256 KiB.")
        }
        guard contentType.accepts(byteCount: buffer.readableBytes) else { throw notJSON }
        return buffer.readableBytes == 0 && allowEmpty ? Data("{}".utf8) : Data(buffer.readableBytesView)
    }

    static let notJSON = APIError(
        status: .unsupportedMediaType,
        code: "unsupported_media_type",
        message: "Send the body as application/json."
    )

    /// The body decoded as `Body`.
    static func decode<Body: Decodable>(
        _ type: Body.Type,
        from request: Request,
        allowEmpty: Bool = false
    ) async throws -> Body {
        try decode(type, from: try await collect(request, allowEmpty: allowEmpty))
    }

    /// `data` decoded as `Body`.
    static func decode<Body: Decodable>(_ type: Body.Type, from data: Data) throws -> Body {
        do {
            return try JSONDecoder().decode(type, from: data)
        } catch DecodingError.keyNotFound(let key, _) {
            throw APIError.badRequest(
                "missing_field",
                "The field \(key.stringValue) is required.",
                field: key.stringValue
            )
        } catch DecodingError.typeMismatch(_, let context), DecodingError.valueNotFound(_, let context) {
            let field = context.codingPath.map(\.stringValue).joined(separator: ".")
            throw APIError.badRequest("invalid_field", "The field \(field) has the wrong type.", field: field)
        } catch {
            throw APIError.badRequest("invalid_json", "The body is not valid JSON.")
        }
    }

    static func response(_ value: some Encodable, status: HTTPResponse.Status = .ok) throws -> Response {
        Response(
            status: status,
            headers: [.contentType: "application/json; charset=utf-8", .cacheControl: "no-store"],
            body: ResponseBody(byteBuffer: ByteBuffer(bytes: try JSONEncoder().encode(value)))
        )
    }

    /// 202 with `{"ok":true}`: the action is queued, its outcome comes as a `result` event.
    static func accepted() throws -> Response { try response(["ok": true], status: .accepted) }
}
