import Foundation
import Yams

/// Decodes a value from a YAML document: Yams parses the text into nodes, and this decoder walks them.
///
/// Yams' own decoder finds a mapping's key by comparing whole nodes one after another, and again to learn whether
/// the key is there, and reads the process's environment for each document; decoding the scenario files was a
/// quarter of the server's start-up (perf). Here each mapping is indexed once, by key. Scalars are read as Yams
/// reads them (`ScalarConstructible`: `yes` is a Bool, `0x1F` an Int, any scalar a String), a null as Yams finds it
/// (plain `~`, `null` or nothing), and merge keys (`<<`) as YAML defines them.
enum YAMLNodeDecoder {
    /// The value of type `T` that the YAML document `data` (UTF-8) describes; an empty document reads as an empty
    /// scalar, as in Yams.
    static func decode<T: Decodable>(_ type: T.Type, from data: Data) throws -> T {
        guard let text = String(data: data, encoding: .utf8) else {
            throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "The file is not UTF-8 text."))
        }
        let root: Node
        do {
            // No tags resolved: the type asked for says how a scalar reads, as `ScalarConstructible` does.
            let parser = try Parser(yaml: text, resolver: .basic, encoding: .utf8)
            root = try parser.singleRoot() ?? Node("")
        } catch {
            throw DecodingError.dataCorrupted(
                .init(codingPath: [], debugDescription: "The given data was not valid YAML.", underlyingError: error)
            )
        }
        return try NodeDecoder(node: root, codingPath: []).decode(type)
    }
}

/// One node being decoded, and the keys that lead to it (for errors).
struct NodeDecoder: Decoder, SingleValueDecodingContainer {
    let node: Node
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard case .mapping(let mapping) = node else { throw mismatch(expecting: "a mapping") }
        return KeyedDecodingContainer(NodeKeyedContainer<Key>(decoder: self, entries: MappingEntries(mapping)))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        guard case .sequence(let sequence) = node else { throw mismatch(expecting: "a sequence") }
        return NodeUnkeyedContainer(decoder: self, items: Array(sequence))
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer { self }

    /// The decoder of `child`, reached from here by `key`.
    func child(_ child: Node, key: any CodingKey) -> NodeDecoder {
        NodeDecoder(node: child, codingPath: codingPath + [key])
    }

    func decodeNil() -> Bool {
        guard case .scalar(let scalar) = node else { return false }
        return NSNull.construct(from: scalar) != nil
    }

    func decode<T: Decodable & ScalarConstructible>(_ type: T.Type) throws -> T {
        guard case .scalar(let scalar) = node else { throw mismatch(expecting: "a scalar (\(T.self))") }
        guard let value = T.construct(from: scalar) else {
            throw mismatch(expecting: "\(T.self)", found: "\"\(scalar.string)\"")
        }
        return value
    }

    func decode<T: Decodable>(_ type: T.Type) throws -> T {
        try T(from: self)
    }

    private func mismatch(expecting expected: String, found: String? = nil) -> DecodingError {
        let found = found ?? node.kindDescription
        return .typeMismatch(
            Any.self,
            .init(codingPath: codingPath, debugDescription: "Expected \(expected) but found \(found) instead.")
        )
    }
}

extension Node {
    /// What a node is, for an error message.
    var kindDescription: String {
        switch self {
        case .scalar(let scalar): "\"\(scalar.string)\""
        case .mapping: "a mapping"
        case .sequence: "a sequence"
        case .alias: "an alias"
        }
    }
}
