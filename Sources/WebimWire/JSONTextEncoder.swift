/// Writes an `Encodable` value as JSON text in one pass, straight into bytes.
///
/// Foundation's `JSONEncoder` first builds a tree of boxed values and then writes the tree out; for the widget
/// server's tab events that was 9 % of its CPU per delivered event (perf, `widget-bench cluster --fanout`). This
/// writer has no tree: a container writes its opening bracket when it is asked for, each key and value as it comes,
/// and the closing bracket once the value that asked for it has returned from `encode(to:)`.
///
/// What it writes reads back as `JSONEncoder`'s output does (`JSONTextEncoderTests` compares them): keys in the order
/// they are encoded, `encodeIfPresent`'s nil left out, a value that encodes nothing as `{}`, integral doubles without
/// `.0`, slashes unescaped. A non-finite double throws, as `JSONEncoder` does by default.
public enum JSONTextEncoder {
    /// The JSON text of `value`.
    public static func encode(_ value: some Encodable) throws -> String {
        let writer = JSONTextWriter()
        try writer.writeValue(value)
        writer.closeContainers(downTo: 0)
        return String(decoding: writer.bytes, as: UTF8.self)
    }
}

/// A value `JSONTextEncoder` cannot write.
public struct JSONTextEncodingError: Error, CustomStringConvertible {
    public let description: String
}

/// The encoder every container of one `encode` call shares: the text so far and the containers still open.
///
/// One call owns it, on one thread, so its two buffers skip the runtime's exclusivity checks (a tenth of its time).
final class JSONTextWriter: Encoder {
    @exclusivity(unchecked) private(set) var bytes: [UInt8] = []
    /// The open containers, outermost first: whether each is an object, and whether it holds anything yet.
    @exclusivity(unchecked) private var open: [(isObject: Bool, isEmpty: Bool)] = []

    // Not tracked: none of the values written here reads them, and keeping them cost an array copy a key.
    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    init() { bytes.reserveCapacity(512) }

    // MARK: Encoder

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        KeyedEncodingContainer(JSONTextKeyedContainer<Key>(writer: self, level: openContainer(isObject: true)))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        JSONTextUnkeyedContainer(writer: self, level: openContainer(isObject: false))
    }

    func singleValueContainer() -> any SingleValueEncodingContainer { JSONTextSingleValue(writer: self) }

    // MARK: Writing

    /// Writes `value` where the text now stands, closing whatever containers it opened.
    func writeValue<Value: Encodable>(_ value: Value) throws {
        let level = open.count
        let start = bytes.count
        try value.encode(to: self)
        closeContainers(downTo: level)
        // `JSONEncoder` writes a value that encoded nothing as an empty object.
        if bytes.count == start { bytes.append(contentsOf: "{}".utf8) }
    }

    /// Starts an object or array and returns its level (how many containers are open with it).
    private func openContainer(isObject: Bool) -> Int {
        bytes.append(isObject ? UInt8(ascii: "{") : UInt8(ascii: "["))
        open.append((isObject, true))
        return open.count
    }

    /// Closes every container above `level`: a nested container ends when its parent writes again.
    func closeContainers(downTo level: Int) {
        while open.count > level {
            bytes.append(open.removeLast().isObject ? UInt8(ascii: "}") : UInt8(ascii: "]"))
        }
    }

    /// Makes room for the next element of the container at `level`: closes what was nested in it, and writes the
    /// comma before all but its first element.
    func startElement(at level: Int) {
        closeContainers(downTo: level)
        if open[level - 1].isEmpty {
            open[level - 1].isEmpty = false
        } else {
            bytes.append(UInt8(ascii: ","))
        }
    }

    /// Starts the member `key` of the object at `level`.
    func startMember(_ key: String, at level: Int) {
        startElement(at: level)
        writeString(key)
        bytes.append(UInt8(ascii: ":"))
    }

    func writeNull() { bytes.append(contentsOf: "null".utf8) }

    func writeBool(_ value: Bool) { bytes.append(contentsOf: (value ? "true" : "false").utf8) }

    func writeInteger(_ value: some BinaryInteger) { bytes.append(contentsOf: String(value).utf8) }

    func writeDouble(_ value: Double) throws {
        guard value.isFinite else { throw JSONTextEncodingError(description: "\(value) is not a JSON number") }
        var text = value.description
        if text.hasSuffix(".0") { text.removeLast(2) }
        bytes.append(contentsOf: text.utf8)
    }

    /// A JSON string: quotes, backslashes and control characters escaped, everything else as it is.
    func writeString(_ value: String) {
        bytes.append(UInt8(ascii: "\""))
        var value = value
        value.withUTF8 { utf8 in
            var runStart = 0
            for (index, byte) in utf8.enumerated() where byte < 0x20 || byte == 0x22 || byte == 0x5C {
                bytes.append(contentsOf: utf8[runStart..<index])
                runStart = index + 1
                appendEscape(of: byte)
            }
            bytes.append(contentsOf: utf8[runStart...])
        }
        bytes.append(UInt8(ascii: "\""))
    }

    private func appendEscape(of byte: UInt8) {
        bytes.append(UInt8(ascii: "\\"))
        switch byte {
        case 0x22: bytes.append(UInt8(ascii: "\""))
        case 0x5C: bytes.append(UInt8(ascii: "\\"))
        case 0x0A: bytes.append(UInt8(ascii: "n"))
        case 0x0D: bytes.append(UInt8(ascii: "r"))
        case 0x09: bytes.append(UInt8(ascii: "t"))
        case 0x08: bytes.append(UInt8(ascii: "b"))
        case 0x0C: bytes.append(UInt8(ascii: "f"))
        default:
            bytes.append(contentsOf: "u00".utf8)
            bytes.append(Self.hexDigits[Int(byte >> 4)])
            bytes.append(Self.hexDigits[Int(byte & 0x0F)])
        }
    }

    private static let hexDigits = Array("0123456789abcdef".utf8)
}
