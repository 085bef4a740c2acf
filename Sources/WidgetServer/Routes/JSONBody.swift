import Foundation
import Hummingbird

/// Reads and writes the API's JSON bodies, turning malformed input into an `APIError` that names the problem.
enum JSONBody {
    /// Requests are small: a message, a tab's options.
    static let maximumSize = 256 * 1024

    static func decode<Body: Decodable>(
        _ type: Body.Type,
        from request: Request,
        allowEmpty: Bool = false
    ) async throws
        -> Body
    {
        let buffer: ByteBuffer
        do {
            buffer = try await request.body.collect(upTo: maximumSize)
        } catch {
            throw APIError(status: .contentTooLarge, code: "body_too_large", message: "The body exceeds 256 KiB.")
        }
        let data = buffer.readableBytes == 0 && allowEmpty ? Data("{}".utf8) : Data(buffer.readableBytesView)
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
}
