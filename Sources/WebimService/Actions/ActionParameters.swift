import Foundation
import WebimWire

/// An action's form fields with the protocol's encodings (PROTOCOL.md §1.2): booleans as `1`/`0` or `true`/`false`.
/// Only `VisitorAction`'s decoding reads them.
struct ActionParameters: Sendable {
    var values: [String: String]

    init(_ values: [String: String]) { self.values = values }

    /// The value, or nil when absent or empty.
    subscript(name: String) -> String? {
        guard let value = values[name], !value.isEmpty else { return nil }
        return value
    }

    /// The value, or `argument-missing`.
    func required(_ name: String) throws -> String {
        guard let value = self[name] else { throw ProtocolFailure(WireError.argumentMissing) }
        return value
    }

    /// A boolean in either SDK's spelling; nil when absent.
    func bool(_ name: String) -> Bool? {
        guard let value = self[name]?.lowercased() else { return nil }
        return value == "1" || value == "true"
    }

    /// An integer; nil when absent or not a number.
    func int(_ name: String) -> Int? { self[name].flatMap { Int($0) } }

    /// A value read by `parse` (nil: not of its form), for its action to refuse in its own order.
    func lenient<Value>(_ name: String, _ parse: (String) -> Value?) -> FormValue<Value> {
        guard let text = self[name] else { return .absent }
        return parse(text).map(FormValue.valid) ?? .invalid
    }

    /// A `visitor-fields` / `custom_fields` JSON object, its values as text; nil when the text is no JSON object.
    static func visitorFields(parsing text: String) -> [String: String]? {
        guard case .object(let members) = try? JSONValue(parsing: Data(text.utf8)) else { return nil }
        return members.compactMapValues { value in
            switch value {
            case .string(let text): text
            case .int(let number): String(number)
            case .double(let number): String(number)
            case .bool(let flag): String(flag)
            default: nil
            }
        }
    }
}
