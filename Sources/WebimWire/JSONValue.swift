/// Any JSON value, for the protocol's opaque or loosely typed fields (`visitor`, delta `data`).
///
/// Integers are kept apart from fractional numbers so that microsecond timestamps survive a round trip
/// exactly and are written back without a decimal point, as PROTOCOL.md §4 requires.
public enum JSONValue: Sendable, Hashable, Codable {
    case null
    case bool(Bool)
    case int(Int64)
    case double(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        guard !container.decodeNil() else {
            self = .null
            return
        }
        // A container cannot say what it holds, so each kind is tried in turn, and every miss throws (and
        // builds) an error. A lenient source (YAML) reads `false` or `1` as a string too, so booleans and
        // numbers must be tried first; strict JSON never converts, so there strings, the most frequent kind
        // in protocol data, go first. An integer is always tried before a fractional number, which takes it.
        let strict = Self.strictJSONSource.map { decoder.userInfo[$0] != nil } ?? false
        for attempt in strict ? Self.strictScalarOrder : Self.lenientScalarOrder {
            if let value = try? attempt(container) {
                self = value
                return
            }
        }
        if let members = try? container.decode([String: JSONValue].self) {
            self = .object(members)
        } else {
            self = .array(try container.decode([JSONValue].self))
        }
    }

    private typealias ScalarAttempt = @Sendable (any SingleValueDecodingContainer) throws -> JSONValue
    private static let lenientScalarOrder: [ScalarAttempt] = [
        { .bool(try $0.decode(Bool.self)) },
        { .int(try $0.decode(Int64.self)) },
        { .double(try $0.decode(Double.self)) },
        { .string(try $0.decode(String.self)) },
    ]
    private static let strictScalarOrder: [ScalarAttempt] = [
        { .string(try $0.decode(String.self)) },
        { .int(try $0.decode(Int64.self)) },
        { .double(try $0.decode(Double.self)) },
        { .bool(try $0.decode(Bool.self)) },
    ]

    /// Set in a decoder's `userInfo` (as `WireCoding.makeDecoder()` does) when the source is strict JSON.
    public static let strictJSONSource = CodingUserInfoKey(rawValue: "WebimWire.strictJSONSource")

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .bool(let value): try container.encode(value)
        case .int(let value): try container.encode(value)
        case .double(let value): try container.encode(value)
        case .string(let value): try container.encode(value)
        case .array(let value): try container.encode(value)
        case .object(let value): try container.encode(value)
        }
    }

    /// The string inside, if this is a string.
    public var stringValue: String? {
        if case .string(let value) = self { return value }
        return nil
    }

    /// The boolean inside, if this is a boolean.
    public var boolValue: Bool? {
        if case .bool(let value) = self { return value }
        return nil
    }

    /// The member named `key`, if this is an object.
    public subscript(key: String) -> JSONValue? {
        if case .object(let members) = self { return members[key] }
        return nil
    }
}
