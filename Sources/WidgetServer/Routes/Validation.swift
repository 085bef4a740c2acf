import Foundation
import HTTPAPI
import Hummingbird
import WebimWire

/// The checks routes run after decoding: each failure is a 400 (413 for a message text) naming the field.
enum Validation {
    /// A location, department or operator key: 1–64 letters, digits, `-` or `_`.
    static func key(_ value: String, field: String, code: APIError.Code) throws {
        guard isToken(value, length: 1...64) else {
            throw APIError(code, "\(field) is 1–64 letters, digits, '-' or '_'.", field: field)
        }
    }

    /// The page's idempotency id: 8–64 letters, digits, `-` or `_`.
    static func clientID(_ value: String, field: String = "clientId") throws {
        guard isToken(value, length: 8...64) else {
            throw APIError(.invalidClientID, "clientId is 8–64 letters, digits, '-' or '_'.", field: field)
        }
    }

    /// A message text: not blank, at most `MessageLimits.maximumTextLength` characters.
    static func messageText(_ text: String, field: String = "text") throws {
        guard !text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else {
            throw APIError(.emptyText, "A message needs some text.", field: field)
        }
        try length(text, atMost: MessageLimits.maximumTextLength, field: field, code: .textTooLong)
        guard MessageLimits.hasNoNUL(text) else {
            throw APIError(.invalidText, "A message cannot contain a NUL character (U+0000).", field: field)
        }
    }

    /// A string field's length.
    static func length(_ value: String, atMost maximum: Int, field: String, code: APIError.Code) throws {
        guard value.count <= maximum else {
            throw APIError(code, "\(field) is at most \(maximum) characters.", field: field)
        }
    }

    /// A message id, file guid or other id taken from the path: 1–128 characters without controls.
    static func pathID(_ context: WidgetRequestContext, _ name: String, code: APIError.Code) throws -> String {
        guard let value = context.parameters.get(name), (1...128).contains(value.count),
            value.unicodeScalars.allSatisfy({ $0.value > 0x20 && $0.value != 0x7F })
        else { throw APIError(code, "The \(name) in the path is not valid.", field: name) }
        return value
    }

    /// An e-mail address, as the service checks it: something before `@`, a dotted domain after.
    static func email(_ value: String) throws {
        let parts = value.split(separator: "@", omittingEmptySubsequences: false)
        guard value.count <= 254, parts.count == 2, !parts[0].isEmpty, parts[1].contains("."),
            !parts[1].hasPrefix("."), !parts[1].hasSuffix("."), !value.contains(where: \.isWhitespace)
        else { throw APIError(.invalidEmail, "This is not an e-mail address.", field: "email") }
    }

    /// A JSON text that must be an object.
    static func jsonObject(_ value: String, field: String, code: APIError.Code) throws {
        guard value.utf8.count <= 16 * 1024,
            (try? JSONSerialization.jsonObject(with: Data(value.utf8))) is [String: Any]
        else { throw APIError(code, "\(field) must be a JSON object.", field: field) }
    }

    static func isToken(_ value: String, length: ClosedRange<Int>) -> Bool {
        length.contains(value.count)
            && value.unicodeScalars.allSatisfy {
                $0.isASCII && (CharacterSet.alphanumerics.contains($0) || $0 == "-" || $0 == "_")
            }
    }
}
