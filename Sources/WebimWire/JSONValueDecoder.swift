/// Reads a `Decodable` wire type straight from a parsed `JSONValue`, with `JSONDecoder`'s rules for JSON text
/// (exact keys, numbers that must fit, `null` only where optional).
///
/// A delta's `data` reaches the client as a `JSONValue`; reading a `MessageItem` from it used to mean encoding
/// the value to text and decoding that text again.
struct JSONValueDecoder: Decoder, SingleValueDecodingContainer {
    let value: JSONValue
    /// The path of the container holding this value, and the value's key there. The whole path is put together
    /// only when asked for (mostly for an error): building it for every field read was a third of the time.
    private let parentPath: [any CodingKey]
    private let key: (any CodingKey)?
    var codingPath: [any CodingKey] { key.map { parentPath + [$0] } ?? parentPath }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    init(value: JSONValue, codingPath: [any CodingKey] = []) {
        self.value = value
        parentPath = codingPath
        key = nil
    }

    /// The value at `key` in a container at `parentPath`.
    init(value: JSONValue, in parentPath: [any CodingKey], at key: any CodingKey) {
        self.value = value
        self.parentPath = parentPath
        self.key = key
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard case .object(let members) = value else { throw mismatch([String: JSONValue].self) }
        return KeyedDecodingContainer(ObjectContainer<Key>(members: members, codingPath: codingPath))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        guard case .array(let elements) = value else { throw mismatch([JSONValue].self) }
        return ArrayContainer(elements: elements, codingPath: codingPath)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer { self }

    // MARK: One value

    func decodeNil() -> Bool {
        if case .null = value { return true }
        return false
    }

    func decode(_ type: Bool.Type) throws -> Bool {
        guard case .bool(let bool) = value else { throw mismatch(type) }
        return bool
    }

    func decode(_ type: String.Type) throws -> String {
        guard case .string(let string) = value else { throw mismatch(type) }
        return string
    }

    func decode(_ type: Double.Type) throws -> Double {
        switch value {
        case .double(let double): return double
        case .int(let int): return Double(int)
        default: throw mismatch(type)
        }
    }

    func decode(_ type: Float.Type) throws -> Float { Float(try decode(Double.self)) }
    func decode(_ type: Int.Type) throws -> Int { try integer(type) }
    func decode(_ type: Int8.Type) throws -> Int8 { try integer(type) }
    func decode(_ type: Int16.Type) throws -> Int16 { try integer(type) }
    func decode(_ type: Int32.Type) throws -> Int32 { try integer(type) }
    func decode(_ type: Int64.Type) throws -> Int64 { try integer(type) }
    func decode(_ type: UInt.Type) throws -> UInt { try integer(type) }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try integer(type) }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try integer(type) }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try integer(type) }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try integer(type) }

    func decode<T: Decodable>(_ type: T.Type) throws -> T {
        // A loosely typed field takes the parsed value as it is.
        if T.self == JSONValue.self, let value = value as? T { return value }
        return try T(from: self)
    }

    private func integer<T: FixedWidthInteger>(_ type: T.Type) throws -> T {
        let exact: T? =
            switch value {
            case .int(let int): T(exactly: int)
            case .double(let double): T(exactly: double)
            default: throw mismatch(type)
            }
        guard let exact else {
            throw DecodingError.dataCorrupted(
                DecodingError.Context(codingPath: codingPath, debugDescription: "The number does not fit \(T.self).")
            )
        }
        return exact
    }

    private func mismatch(_ type: Any.Type) -> DecodingError {
        decodeNil()
            ? DecodingError.valueNotFound(type, DecodingError.Context(codingPath: codingPath, debugDescription: "null"))
            : DecodingError.typeMismatch(
                type,
                DecodingError.Context(codingPath: codingPath, debugDescription: "Expected \(type), found \(value).")
            )
    }
}

/// An object's members.
private struct ObjectContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let members: [String: JSONValue]
    let codingPath: [any CodingKey]

    var allKeys: [Key] { members.keys.compactMap { Key(stringValue: $0) } }
    func contains(_ key: Key) -> Bool { members[key.stringValue] != nil }
    func decodeNil(forKey key: Key) throws -> Bool { try member(key).decodeNil() }

    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try member(key).decode(type) }
    func decode(_ type: String.Type, forKey key: Key) throws -> String { try member(key).decode(type) }
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try member(key).decode(type) }
    func decode(_ type: Float.Type, forKey key: Key) throws -> Float { try member(key).decode(type) }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try member(key).decode(type) }
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try member(key).decode(type) }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try member(key).decode(type) }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try member(key).decode(type) }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try member(key).decode(type) }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try member(key).decode(type) }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try member(key).decode(type) }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try member(key).decode(type) }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try member(key).decode(type) }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try member(key).decode(type) }
    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T { try member(key).decode(type) }

    // Optional fields, the most frequent kind in the protocol, are read with one lookup instead of the three
    // (`contains`, `decodeNil`, `decode`) that the default implementations make.
    func decodeIfPresent(_ type: Bool.Type, forKey key: Key) throws -> Bool? { try optional(key)?.decode(type) }
    func decodeIfPresent(_ type: String.Type, forKey key: Key) throws -> String? { try optional(key)?.decode(type) }
    func decodeIfPresent(_ type: Double.Type, forKey key: Key) throws -> Double? { try optional(key)?.decode(type) }
    func decodeIfPresent(_ type: Float.Type, forKey key: Key) throws -> Float? { try optional(key)?.decode(type) }
    func decodeIfPresent(_ type: Int.Type, forKey key: Key) throws -> Int? { try optional(key)?.decode(type) }
    func decodeIfPresent(_ type: Int8.Type, forKey key: Key) throws -> Int8? { try optional(key)?.decode(type) }
    func decodeIfPresent(_ type: Int16.Type, forKey key: Key) throws -> Int16? { try optional(key)?.decode(type) }
    func decodeIfPresent(_ type: Int32.Type, forKey key: Key) throws -> Int32? { try optional(key)?.decode(type) }
    func decodeIfPresent(_ type: Int64.Type, forKey key: Key) throws -> Int64? { try optional(key)?.decode(type) }
    func decodeIfPresent(_ type: UInt.Type, forKey key: Key) throws -> UInt? { try optional(key)?.decode(type) }
    func decodeIfPresent(_ type: UInt8.Type, forKey key: Key) throws -> UInt8? { try optional(key)?.decode(type) }
    func decodeIfPresent(_ type: UInt16.Type, forKey key: Key) throws -> UInt16? { try optional(key)?.decode(type) }
    func decodeIfPresent(_ type: UInt32.Type, forKey key: Key) throws -> UInt32? { try optional(key)?.decode(type) }
    func decodeIfPresent(_ type: UInt64.Type, forKey key: Key) throws -> UInt64? { try optional(key)?.decode(type) }

    func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
        try optional(key)?.decode(type)
    }

    func nestedContainer<NestedKey: CodingKey>(
        keyedBy type: NestedKey.Type,
        forKey key: Key
    ) throws -> KeyedDecodingContainer<NestedKey> {
        try member(key).container(keyedBy: type)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        try member(key).unkeyedContainer()
    }

    func superDecoder() throws -> any Decoder {
        JSONValueDecoder(value: members["super"] ?? .null, in: codingPath, at: CodingKeyText.named("super"))
    }

    func superDecoder(forKey key: Key) throws -> any Decoder {
        JSONValueDecoder(value: members[key.stringValue] ?? .null, in: codingPath, at: key)
    }

    private func member(_ key: Key) throws -> JSONValueDecoder {
        guard let value = members[key.stringValue] else {
            throw DecodingError.keyNotFound(
                key,
                DecodingError.Context(codingPath: codingPath, debugDescription: "No value for \"\(key.stringValue)\".")
            )
        }
        return JSONValueDecoder(value: value, in: codingPath, at: key)
    }

    /// The value at `key`, or nil when it is missing or `null`.
    private func optional(_ key: Key) -> JSONValueDecoder? {
        guard let value = members[key.stringValue] else { return nil }
        if case .null = value { return nil }
        return JSONValueDecoder(value: value, in: codingPath, at: key)
    }
}

/// An array's elements, in order.
private struct ArrayContainer: UnkeyedDecodingContainer {
    let elements: [JSONValue]
    let codingPath: [any CodingKey]
    private(set) var currentIndex = 0

    init(elements: [JSONValue], codingPath: [any CodingKey]) {
        self.elements = elements
        self.codingPath = codingPath
    }

    var count: Int? { elements.count }
    var isAtEnd: Bool { currentIndex >= elements.count }

    mutating func decodeNil() throws -> Bool {
        guard !isAtEnd else { throw pastTheEnd(Never.self) }
        guard case .null = elements[currentIndex] else { return false }
        currentIndex += 1
        return true
    }

    mutating func decode(_ type: Bool.Type) throws -> Bool { try next { try $0.decode(type) } }
    mutating func decode(_ type: String.Type) throws -> String { try next { try $0.decode(type) } }
    mutating func decode(_ type: Double.Type) throws -> Double { try next { try $0.decode(type) } }
    mutating func decode(_ type: Float.Type) throws -> Float { try next { try $0.decode(type) } }
    mutating func decode(_ type: Int.Type) throws -> Int { try next { try $0.decode(type) } }
    mutating func decode(_ type: Int8.Type) throws -> Int8 { try next { try $0.decode(type) } }
    mutating func decode(_ type: Int16.Type) throws -> Int16 { try next { try $0.decode(type) } }
    mutating func decode(_ type: Int32.Type) throws -> Int32 { try next { try $0.decode(type) } }
    mutating func decode(_ type: Int64.Type) throws -> Int64 { try next { try $0.decode(type) } }
    mutating func decode(_ type: UInt.Type) throws -> UInt { try next { try $0.decode(type) } }
    mutating func decode(_ type: UInt8.Type) throws -> UInt8 { try next { try $0.decode(type) } }
    mutating func decode(_ type: UInt16.Type) throws -> UInt16 { try next { try $0.decode(type) } }
    mutating func decode(_ type: UInt32.Type) throws -> UInt32 { try next { try $0.decode(type) } }
    mutating func decode(_ type: UInt64.Type) throws -> UInt64 { try next { try $0.decode(type) } }
    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T { try next { try $0.decode(type) } }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy type: NestedKey.Type
    ) throws -> KeyedDecodingContainer<NestedKey> {
        try next { try $0.container(keyedBy: type) }
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        try next { try $0.unkeyedContainer() }
    }

    mutating func superDecoder() throws -> any Decoder { try next { $0 } }

    /// Reads the current element and moves past it only when that worked, as `JSONDecoder` does.
    private mutating func next<T>(_ read: (JSONValueDecoder) throws -> T) throws -> T {
        guard !isAtEnd else { throw pastTheEnd(T.self) }
        let element = JSONValueDecoder(
            value: elements[currentIndex],
            in: codingPath,
            at: CodingKeyText.index(currentIndex)
        )
        let result = try read(element)
        currentIndex += 1
        return result
    }

    private func pastTheEnd(_ type: Any.Type) -> DecodingError {
        DecodingError.valueNotFound(
            type,
            DecodingError.Context(
                codingPath: codingPath + [CodingKeyText.index(currentIndex)],
                debugDescription: "The array has no more elements."
            )
        )
    }
}
