import Yams

/// A mapping's values by key, with its merge keys (`<<`) applied: the mapping's own keys win over merged ones, and
/// of several merged mappings the first that has a key gives it.
struct MappingEntries {
    private(set) var values: [String: Node] = [:]
    /// The keys in the document's order, merged ones after the mapping's own.
    private(set) var keys: [String] = []

    init(_ mapping: Node.Mapping) {
        var merged: [Node.Mapping] = []
        for (key, value) in mapping {
            // A plain `<<`, the merge key (a quoted one is a key like any other).
            if case .scalar(let scalar) = key, scalar.style == .plain, scalar.string == "<<" {
                switch value {
                case .mapping(let source): merged.append(source)
                case .sequence(let sources): merged += sources.compactMap(\.mapping)
                default: break
                }
                continue
            }
            guard let name = key.scalar?.string, values.updateValue(value, forKey: name) == nil else { continue }
            keys.append(name)
        }
        for source in merged {
            for (name, value) in MappingEntries(source).pairs where values[name] == nil {
                values[name] = value
                keys.append(name)
            }
        }
    }

    private var pairs: [(String, Node)] { keys.compactMap { name in values[name].map { (name, $0) } } }
}

struct NodeKeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let decoder: NodeDecoder
    let entries: MappingEntries

    var codingPath: [any CodingKey] { decoder.codingPath }
    var allKeys: [Key] { entries.keys.compactMap(Key.init(stringValue:)) }

    func contains(_ key: Key) -> Bool { entries.values[key.stringValue] != nil }

    func decodeNil(forKey key: Key) throws -> Bool { try child(key).decodeNil() }

    func decode<T: Decodable & ScalarConstructible>(_ type: T.Type, forKey key: Key) throws -> T {
        try child(key).decode(type)
    }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T { try child(key).decode(type) }

    func nestedContainer<NestedKey: CodingKey>(
        keyedBy type: NestedKey.Type,
        forKey key: Key
    ) throws -> KeyedDecodingContainer<NestedKey> {
        try child(key).container(keyedBy: type)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        try child(key).unkeyedContainer()
    }

    func superDecoder() throws -> any Decoder { try child(NodeIndexKey.superKey) }

    func superDecoder(forKey key: Key) throws -> any Decoder { try child(key) }

    private func child(_ key: any CodingKey) throws -> NodeDecoder {
        guard let node = entries.values[key.stringValue] else {
            throw DecodingError.keyNotFound(
                key,
                .init(codingPath: codingPath, debugDescription: "No value for the key \"\(key.stringValue)\".")
            )
        }
        return decoder.child(node, key: key)
    }
}

struct NodeUnkeyedContainer: UnkeyedDecodingContainer {
    let decoder: NodeDecoder
    let items: [Node]
    private(set) var currentIndex = 0

    init(decoder: NodeDecoder, items: [Node]) {
        self.decoder = decoder
        self.items = items
    }

    var codingPath: [any CodingKey] { decoder.codingPath }
    var count: Int? { items.count }
    var isAtEnd: Bool { currentIndex >= items.count }

    mutating func decodeNil() throws -> Bool {
        let isNull = try current(Any?.self).decodeNil()
        if isNull { currentIndex += 1 }
        return isNull
    }

    mutating func decode<T: Decodable & ScalarConstructible>(_ type: T.Type) throws -> T {
        let value = try current(type).decode(type)
        currentIndex += 1
        return value
    }

    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
        let value = try current(type).decode(type)
        currentIndex += 1
        return value
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy type: NestedKey.Type
    ) throws -> KeyedDecodingContainer<NestedKey> {
        let container = try current(KeyedDecodingContainer<NestedKey>.self).container(keyedBy: type)
        currentIndex += 1
        return container
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        let container = try current((any UnkeyedDecodingContainer).self).unkeyedContainer()
        currentIndex += 1
        return container
    }

    mutating func superDecoder() throws -> any Decoder {
        let decoder = try current((any Decoder).self)
        currentIndex += 1
        return decoder
    }

    private func current(_ type: Any.Type) throws -> NodeDecoder {
        let key = NodeIndexKey(intValue: currentIndex)
        guard !isAtEnd else {
            throw DecodingError.valueNotFound(
                type,
                .init(codingPath: codingPath + [key], debugDescription: "The sequence has no more items.")
            )
        }
        return decoder.child(items[currentIndex], key: key)
    }
}

/// An item's place in a sequence, or `super`, in a coding path.
struct NodeIndexKey: CodingKey {
    var stringValue: String
    var intValue: Int?

    init(stringValue: String) { (self.stringValue, intValue) = (stringValue, nil) }
    init(intValue: Int) { (stringValue, self.intValue) = ("Index \(intValue)", intValue) }

    static let superKey = NodeIndexKey(stringValue: "super")
}
