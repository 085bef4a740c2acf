import Foundation
import Testing
import WebimWire

/// Golden-test helper: decodes `text` as `Value`, encodes it back, and expects the same JSON value; the
/// client's decoding (`WireCoding.decode(_:fromJSON:)`) must read the same value as `JSONDecoder`.
func roundTrip<Value: Codable & Equatable>(_ text: String, as type: Value.Type) throws -> Value {
    let value = try WireCoding.makeDecoder().decode(type, from: Data(text.utf8))
    #expect(try WireCoding.decode(type, fromJSON: Data(text.utf8)) == value)
    let reencoded = try WireCoding.makeEncoder().encode(value)
    let original = try JSONDecoder().decode(JSONValue.self, from: Data(text.utf8))
    #expect(try JSONDecoder().decode(JSONValue.self, from: reencoded) == original)
    return value
}

/// The JSON value of `text`, for comparing encodings without caring about key order.
func jsonValue(_ text: String) throws -> JSONValue {
    try JSONDecoder().decode(JSONValue.self, from: Data(text.utf8))
}
