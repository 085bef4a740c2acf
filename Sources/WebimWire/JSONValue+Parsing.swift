public import Foundation

extension JSONValue {
    /// Parses strict JSON text (RFC 8259) straight into a value.
    ///
    /// `JSONDecoder` can only reach a loosely typed value by trying each kind in turn, and every miss throws and
    /// builds an error: decoding a 500-byte delta answer that way cost 50–160 µs, a tenth of the server's CPU
    /// per delivered message. Parsing the bytes once costs a few microseconds.
    ///
    /// - Throws: `DecodingError.dataCorrupted`, naming the byte offset, when the text is not one JSON value.
    public init(parsing data: Data) throws {
        self = try Self.parse(data, elementsAt: []).value
    }

    /// Parses strict JSON text, and finds where the elements of the array reached through the object keys
    /// `path` sit in it: a client that decodes a page of messages keeps each message's JSON as the service
    /// wrote it, instead of encoding each decoded message again (a millisecond a page of 100).
    ///
    /// - Returns: the value, and the byte ranges of the array's elements (indices of `data`), in order; nil
    ///   when there is no array there, or when the path reaches two arrays (a key named twice), rather than
    ///   guess which one is meant.
    /// - Throws: `DecodingError.dataCorrupted`, naming the byte offset, when the text is not one JSON value.
    public static func parse(
        _ data: Data,
        elementsAt path: [String]
    ) throws -> (value: JSONValue, elements: [Range<Data.Index>]?) {
        try data.withUnsafeBytes { bytes in
            var parser = JSONParser(bytes: bytes, recordedPath: path)
            let value = try parser.parseDocument()
            let elements = parser.recorded.elements.map { ranges in
                ranges.map { data.startIndex + $0.lowerBound..<data.startIndex + $0.upperBound }
            }
            return (value, parser.recorded.isAmbiguous ? nil : elements)
        }
    }
}

/// A recursive-descent reader of one JSON document.
private struct JSONParser {
    let bytes: UnsafeRawBufferPointer
    var offset = 0
    var depth = 0
    /// The object keys from the root to the array whose elements' ranges are recorded; empty for none.
    let recordedPath: [String]
    /// The ranges found at `recordedPath`, and whether the path was reached twice.
    private(set) var recorded: (elements: [Range<Int>]?, isAmbiguous: Bool) = (nil, false)

    /// Deeper nesting than this is refused rather than risking the stack on hostile input.
    static let maximumDepth = 512

    init(bytes: UnsafeRawBufferPointer, recordedPath: [String]) {
        self.bytes = bytes
        self.recordedPath = recordedPath
    }

    mutating func parseDocument() throws -> JSONValue {
        let value = try parseValue(matching: recordedPath.isEmpty ? nil : 0)
        skipWhitespace()
        guard offset == bytes.count else { throw failure("unexpected text after the value") }
        return value
    }

    /// A value; `matching` is how many keys of `recordedPath` lead to it, nil when it is off that path.
    private mutating func parseValue(matching: Int? = nil) throws -> JSONValue {
        skipWhitespace()
        guard offset < bytes.count else { throw failure("unexpected end of text") }
        switch bytes[offset] {
        case UInt8(ascii: "{"): return try nested { try $0.parseObject(matching: matching) }
        case UInt8(ascii: "["):
            let recording = matching == recordedPath.count
            return try nested { try $0.parseArray(recording: recording) }
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "t"): return try literal("true", .bool(true))
        case UInt8(ascii: "f"): return try literal("false", .bool(false))
        case UInt8(ascii: "n"): return try literal("null", .null)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try parseNumber()
        default: throw failure("unexpected character")
        }
    }

    private mutating func nested(_ parse: (inout JSONParser) throws -> JSONValue) throws -> JSONValue {
        depth += 1
        guard depth <= Self.maximumDepth else { throw failure("nested too deeply") }
        defer { depth -= 1 }
        return try parse(&self)
    }

    private mutating func parseObject(matching: Int?) throws -> JSONValue {
        offset += 1
        skipWhitespace()
        if consume(UInt8(ascii: "}")) { return .object([:]) }
        // Collected first, so that the dictionary is built once at its size instead of regrowing as it fills.
        var members: [(String, JSONValue)] = []
        repeat {
            skipWhitespace()
            guard offset < bytes.count, bytes[offset] == UInt8(ascii: "\"") else { throw failure("expected a key") }
            let key = try parseString()
            skipWhitespace()
            guard consume(UInt8(ascii: ":")) else { throw failure("expected ':'") }
            let onPath = matching.flatMap { $0 < recordedPath.count && recordedPath[$0] == key ? $0 + 1 : nil }
            members.append((key, try parseValue(matching: onPath)))
            skipWhitespace()
        } while consume(UInt8(ascii: ","))
        guard consume(UInt8(ascii: "}")) else { throw failure("expected ',' or '}'") }
        // A repeated key keeps its last value, as `JSONDecoder` does.
        return .object(Dictionary(members, uniquingKeysWith: { _, last in last }))
    }

    /// An array; with `recording`, its elements' ranges are kept (see `recordedPath`).
    private mutating func parseArray(recording: Bool) throws -> JSONValue {
        offset += 1
        var elements: [JSONValue] = []
        var ranges: [Range<Int>] = []
        skipWhitespace()
        if !consume(UInt8(ascii: "]")) {
            repeat {
                skipWhitespace()
                let start = offset
                elements.append(try parseValue())
                if recording { ranges.append(start..<offset) }
                skipWhitespace()
            } while consume(UInt8(ascii: ","))
            guard consume(UInt8(ascii: "]")) else { throw failure("expected ',' or ']'") }
        }
        if recording {
            if recorded.elements != nil { recorded.isAmbiguous = true }
            recorded.elements = ranges
        }
        return .array(elements)
    }

    /// A string from its opening quote; text without escapes is copied in one piece.
    private mutating func parseString() throws -> String {
        offset += 1
        let start = offset
        while offset < bytes.count {
            switch bytes[offset] {
            case UInt8(ascii: "\""):
                defer { offset += 1 }
                return String(decoding: bytes[start..<offset], as: UTF8.self)
            case UInt8(ascii: "\\"):
                return try parseEscapedString(from: start)
            case 0..<0x20:
                throw failure("control character in a string")
            default:
                offset += 1
            }
        }
        throw failure("unterminated string")
    }

    private mutating func parseEscapedString(from start: Int) throws -> String {
        var utf8 = Array(bytes[start..<offset])
        while offset < bytes.count {
            let byte = bytes[offset]
            offset += 1
            switch byte {
            case UInt8(ascii: "\""):
                return String(decoding: utf8, as: UTF8.self)
            case UInt8(ascii: "\\"):
                try appendEscape(to: &utf8)
            case 0..<0x20:
                throw failure("control character in a string")
            default:
                utf8.append(byte)
            }
        }
        throw failure("unterminated string")
    }

    private mutating func appendEscape(to utf8: inout [UInt8]) throws {
        guard offset < bytes.count else { throw failure("unterminated string") }
        let escaped = bytes[offset]
        offset += 1
        switch escaped {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): utf8.append(escaped)
        case UInt8(ascii: "b"): utf8.append(0x08)
        case UInt8(ascii: "f"): utf8.append(0x0C)
        case UInt8(ascii: "n"): utf8.append(0x0A)
        case UInt8(ascii: "r"): utf8.append(0x0D)
        case UInt8(ascii: "t"): utf8.append(0x09)
        case UInt8(ascii: "u"): utf8.append(contentsOf: String(try parseUnicodeEscape()).utf8)
        default: throw failure("unknown escape")
        }
    }

    /// `\uXXXX`, joining a surrogate pair; a lone surrogate becomes U+FFFD, as `String(decoding:)` repairs text.
    private mutating func parseUnicodeEscape() throws -> Character {
        let first = try parseHexQuad()
        if (0xD800..<0xDC00).contains(first), offset + 1 < bytes.count, bytes[offset] == UInt8(ascii: "\\"),
            bytes[offset + 1] == UInt8(ascii: "u")
        {
            let resume = offset
            offset += 2
            let second = try parseHexQuad()
            if (0xDC00..<0xE000).contains(second) {
                let scalar = 0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00)
                return Character(Unicode.Scalar(scalar) ?? "\u{FFFD}")
            }
            offset = resume
        }
        return Character(Unicode.Scalar(first) ?? "\u{FFFD}")
    }

    private mutating func parseHexQuad() throws -> UInt32 {
        guard offset + 4 <= bytes.count else { throw failure("short \\u escape") }
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard let digit = Self.hexDigit(bytes[offset]) else { throw failure("bad \\u escape") }
            value = value << 4 | digit
            offset += 1
        }
        return value
    }

    private static func hexDigit(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte - UInt8(ascii: "A") + 10)
        default: nil
        }
    }

    /// An integer when the number is whole and fits 64 bits (microsecond timestamps must stay exact);
    /// otherwise a double.
    private mutating func parseNumber() throws -> JSONValue {
        let start = offset
        _ = consume(UInt8(ascii: "-"))
        let digitsStart = offset
        guard skipDigits() else { throw failure("expected a digit") }
        if offset - digitsStart > 1, bytes[digitsStart] == UInt8(ascii: "0") { throw failure("leading zero") }
        var integral = true
        if consume(UInt8(ascii: ".")) {
            integral = false
            guard skipDigits() else { throw failure("expected a digit after '.'") }
        }
        if offset < bytes.count, bytes[offset] | 0x20 == UInt8(ascii: "e") {
            integral = false
            offset += 1
            if offset < bytes.count, bytes[offset] == UInt8(ascii: "+") || bytes[offset] == UInt8(ascii: "-") {
                offset += 1
            }
            guard skipDigits() else { throw failure("expected a digit in the exponent") }
        }
        let text = String(decoding: bytes[start..<offset], as: UTF8.self)
        if integral, let value = Int64(text) { return .int(value) }
        guard let value = Double(text), value.isFinite else { throw failure("number out of range") }
        // `JSONDecoder` reads any whole number that fits as an integer (`1.0`, `1e3`, `-0.0`).
        if let exact = Int64(exactly: value) { return .int(exact) }
        return .double(value)
    }

    /// Skips ASCII digits; whether there was at least one.
    private mutating func skipDigits() -> Bool {
        let start = offset
        while offset < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[offset]) { offset += 1 }
        return offset > start
    }

    private mutating func literal(_ word: StaticString, _ value: JSONValue) throws -> JSONValue {
        let count = word.utf8CodeUnitCount
        guard offset + count <= bytes.count,
            word.withUTF8Buffer({ $0.elementsEqual(bytes[offset..<offset + count]) })
        else { throw failure("unexpected word") }
        offset += count
        return value
    }

    private mutating func consume(_ byte: UInt8) -> Bool {
        guard offset < bytes.count, bytes[offset] == byte else { return false }
        offset += 1
        return true
    }

    private mutating func skipWhitespace() {
        while offset < bytes.count {
            switch bytes[offset] {
            case 0x20, 0x09, 0x0A, 0x0D: offset += 1
            default: return
            }
        }
    }

    private func failure(_ reason: String) -> DecodingError {
        DecodingError.dataCorrupted(
            DecodingError.Context(codingPath: [], debugDescription: "Invalid JSON at byte \(offset): \(reason).")
        )
    }
}
