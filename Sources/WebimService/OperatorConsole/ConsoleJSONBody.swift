import Foundation
import Hummingbird
import WebimWire

/// Reads the console's JSON bodies. A body must say it is JSON: a form or `text/plain` post, which another site's page
/// can send without asking, is refused before it is read (415). An empty body reads as `{}`.
struct ConsoleJSONBody: Sendable {
    /// The most a body may be (`BodyLimit.consoleJSON`); a larger one is a 413.
    let limit: Int

    func decode<Body: Decodable>(_ type: Body.Type, _ request: Request) async throws -> Body {
        let contentType = request.headers[.contentType]?.lowercased() ?? ""
        let mediaType = contentType.split(separator: ";").first?.trimmingCharacters(in: .whitespaces) ?? ""
        let buffer: ByteBuffer
        do {
            buffer = try await request.body.collect(upTo: limit)
        } catch {
            throw ConsoleAPIError(status: .contentTooLarge, code: "body_too_large", message: "The body is too large.")
        }
        guard buffer.readableBytes > 0 || contentType.isEmpty || mediaType == "application/json" else {
            throw Self.notJSON
        }
        guard buffer.readableBytes == 0 || mediaType == "application/json" else { throw Self.notJSON }
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
