public import Foundation

/// The JSON coders both sides of the protocol use, so that field formats cannot drift apart.
public enum WireCoding {
    /// A decoder for protocol bodies.
    public static func makeDecoder() -> JSONDecoder {
        let decoder = JSONDecoder()
        if let key = JSONValue.strictJSONSource { decoder.userInfo[key] = true }
        return decoder
    }

    /// An encoder for protocol bodies; keys sorted so that golden tests compare stable text.
    public static func makeEncoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }

    /// Reads a protocol body: the text is parsed once (`JSONValue(parsing:)`), then read as the type.
    ///
    /// The same answer as `makeDecoder().decode(type, from: data)`, without that decoder's cost for every
    /// loosely typed field (a delta's `data`, a message's `data`), which it can only read by trial and error.
    public static func decode<Value: Decodable>(_ type: Value.Type, fromJSON data: Data) throws -> Value {
        try decode(type, from: JSONValue(parsing: data))
    }

    /// Re-reads a loosely typed value (a delta's `data`) as a concrete wire type.
    public static func decode<Value: Decodable>(_ type: Value.Type, from value: JSONValue) throws -> Value {
        try JSONValueDecoder(value: value).decode(type)
    }

    /// Turns a concrete wire type into a loosely typed value, for a delta's `data`: the value its JSON text
    /// reads back as.
    public static func jsonValue(of value: some Encodable) throws -> JSONValue {
        try JSONValue(parsing: makeEncoder().encode(value))
    }
}
