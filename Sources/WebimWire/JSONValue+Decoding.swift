/// Typed reads of loosely typed values.
extension JSONValue {
    /// This value re-read as a concrete wire type (a message's `data` as a `KeyboardItem`, say).
    public func decode<Value: Decodable>(_ type: Value.Type) throws -> Value {
        try WireCoding.decode(type, from: self)
    }

    /// The integer inside, if this is an integral number.
    public var intValue: Int64? {
        if case .int(let value) = self { return value }
        return nil
    }

    /// The number inside, integral or not.
    public var doubleValue: Double? {
        switch self {
        case .int(let value): Double(value)
        case .double(let value): value
        default: nil
        }
    }

    /// The elements, if this is an array.
    public var arrayValue: [JSONValue]? {
        if case .array(let value) = self { return value }
        return nil
    }

    /// The members, if this is an object.
    public var objectValue: [String: JSONValue]? {
        if case .object(let value) = self { return value }
        return nil
    }
}
