import Foundation

/// Any JSON value, for a message's custom `data` that the server passes through untouched.
enum JSONValue: Encodable, Sendable, Equatable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    /// The JSON form of the core's raw data (native Swift values); other values become `null`.
    init(_ value: Any?) {
        switch value {
        case let value as String: self = .string(value)
        case let value as Bool: self = .bool(value)
        case let value as Int: self = .number(Double(value))
        case let value as Double: self = .number(value)
        case let value as [Any?]: self = .array(value.map(JSONValue.init))
        case let value as [String: Any?]: self = .object(value.mapValues(JSONValue.init))
        case let value as [String: Any]: self = .object(value.mapValues(JSONValue.init))
        default: self = .null
        }
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .bool(let value): try container.encode(value)
        case .number(let value):
            if value == value.rounded(), abs(value) < 1e15 {
                try container.encode(Int64(value))
            } else {
                try container.encode(value)
            }
        case .string(let value): try container.encode(value)
        case .array(let value): try container.encode(value)
        case .object(let value): try container.encode(value)
        }
    }
}

/// A JSON object: a message's custom data.
struct JSONObject: Encodable, Sendable, Equatable {
    var fields: [String: JSONValue]

    init(_ raw: [String: Any?]) { fields = raw.mapValues(JSONValue.init) }

    func encode(to encoder: any Encoder) throws { try fields.encode(to: encoder) }
}
