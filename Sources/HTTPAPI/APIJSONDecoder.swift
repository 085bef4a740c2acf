package import Foundation
import HTTPTypes
package import Hummingbird

/// Reads a JSON request body for `request.decode(as:context:)`, turning every way a body can be wrong into the
/// `APIError` that names it: 415 for a body that does not say it is JSON, 413 over `context.maxUploadSize`, and 400
/// `invalid_json`, `missing_field` or `invalid_field` naming the field.
package struct APIJSONDecoder: RequestDecoder {
    /// A decoder; the limit is the request context's.
    package init() {}

    /// The body decoded as `type`; an empty body reads as `{}` when `type` is `EmptyBodyDecodable`.
    package func decode<Value: Decodable>(
        _ type: Value.Type,
        from request: Request,
        context: some RequestContext
    ) async throws -> Value {
        let data = try await Self.body(
            of: request,
            upTo: context.maxUploadSize,
            emptyReadsAsObject: type is any EmptyBodyDecodable.Type
        )
        return try Self.decode(type, from: data)
    }

    /// The body's bytes, by `JSONContentType`'s rule; an empty body reads as `{}` when `emptyReadsAsObject`, and is
    /// not JSON otherwise. For a route that reads more of the body than one type holds.
    package static func body(of request: Request, upTo limit: Int, emptyReadsAsObject: Bool) async throws -> Data {
        let contentType = JSONContentType(request.headers[.contentType])
        guard contentType.mayBeRead else { throw APIError.notJSON }
        let buffer: ByteBuffer
        do {
            buffer = try await request.body.collect(upTo: limit)
        } catch {
            throw APIError.bodyTooLarge(limit: limit)
        }
        guard contentType.accepts(byteCount: buffer.readableBytes) else { throw APIError.notJSON }
        return buffer.readableBytes == 0 && emptyReadsAsObject ? Data("{}".utf8) : Data(buffer.readableBytesView)
    }

    /// `data` decoded as `type`.
    package static func decode<Value: Decodable>(_ type: Value.Type, from data: Data) throws -> Value {
        do {
            return try JSONDecoder().decode(type, from: data)
        } catch DecodingError.keyNotFound(let key, let context) {
            let field = path(context.codingPath + [key])
            throw APIError(.missingField, "The field \(field) is required.", field: field)
        } catch DecodingError.typeMismatch(_, let context), DecodingError.valueNotFound(_, let context) {
            let field = path(context.codingPath)
            guard !field.isEmpty else { throw APIError(.invalidField, "The body is not a JSON object.") }
            throw APIError(.invalidField, "The field \(field) has the wrong type.", field: field)
        } catch {
            // Invalid JSON or UTF-8: say so, without the decoder's internals.
            throw APIError(.invalidJSON, "The body is not valid JSON (UTF-8).")
        }
    }

    /// A field's path as the body spells it: `quote.messageId`, `rows.0.1.url`.
    private static func path(_ codingPath: [any CodingKey]) -> String {
        codingPath.map { $0.intValue.map(String.init) ?? $0.stringValue }.joined(separator: ".")
    }
}
