import Foundation
import Hummingbird
import WebimWire

/// Reads the console's JSON bodies by `JSONContentType`'s rule (415 for a body that does not say it is JSON). An empty
/// body reads as `{}`.
struct ConsoleJSONBody: Sendable {
    /// The most a body may be (`BodyLimit.consoleJSON`); a larger one is a 413.
    let limit: Int

    func decode<Body: Decodable>(_ type: Body.Type, _ request: Request) async throws -> Body {
        let contentType = JSONContentType(request.headers[.contentType])
        guard contentType.mayBeRead else { throw Self.notJSON }
        let buffer: ByteBuffer
        do {
            buffer = try await request.body.collect(upTo: limit)
        } catch {
            throw ConsoleAPIError(status: .contentTooLarge, code: "body_too_large", message: "The body is too large.")
        }
        guard contentType.accepts(byteCount: buffer.readableBytes) else { throw Self.notJSON }
        let data = buffer.readableBytes == 0 ? Data("{}".utf8) : Data(buffer.readableBytesView)
        do {
            return try JSONDecoder().decode(type, from: data)
        } catch DecodingError.keyNotFound(let key, let context) {
            throw Self.badInput("\(Self.path(context.codingPath + [key])) is required", context.codingPath + [key])
        } catch DecodingError.typeMismatch(_, let context), DecodingError.valueNotFound(_, let context) {
            throw Self.badInput("\(Self.path(context.codingPath)) has the wrong type", context.codingPath)
        } catch {
            // Invalid JSON or UTF-8: say so, without the decoder's internals.
            throw ConsoleAPIError(
                status: .badRequest,
                code: "bad_input",
                message: "The body is not valid JSON (UTF-8)."
            )
        }
    }

    /// An operator's text within the limits both servers share.
    static func checkText(_ text: String, field: String) throws {
        guard MessageLimits.hasNoNUL(text) else {
            throw ConsoleAPIError(
                status: .badRequest,
                code: "bad_input",
                message: "\(field) cannot contain a NUL character (U+0000)",
                field: field
            )
        }
        guard text.count <= MessageLimits.maximumTextLength else {
            throw ConsoleAPIError(
                status: .badRequest,
                code: "bad_input",
                message: "\(field) is at most \(MessageLimits.maximumTextLength) characters",
                field: field
            )
        }
    }

    private static func path(_ codingPath: [any CodingKey]) -> String {
        codingPath.map { $0.intValue.map(String.init) ?? $0.stringValue }.joined(separator: ".")
    }

    private static func badInput(_ message: String, _ codingPath: [any CodingKey]) -> ConsoleAPIError {
        ConsoleAPIError(status: .badRequest, code: "bad_input", message: message, field: path(codingPath))
    }

    private static let notJSON = ConsoleAPIError(
        status: .unsupportedMediaType,
        code: "unsupported_media_type",
        message: "Send the body as application/json."
    )
}
