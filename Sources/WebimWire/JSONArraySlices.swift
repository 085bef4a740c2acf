public import Foundation

/// Where the elements of one array sit inside a JSON text, found by skipping over the text rather than decoding
/// it: a client that decodes a page of messages can keep each message's own JSON as the service wrote it,
/// instead of encoding each decoded message again.
public enum JSONArraySlices {
    /// The byte ranges of the elements of the array reached through the object keys `path`, in order; nil when
    /// the text has no such array, names one of the keys twice, or is not well formed where it was read.
    public static func elements(at path: [String], in json: Data) -> [Range<Int>]? {
        json.withUnsafeBytes { raw in
            var scanner = Scanner(bytes: raw.bindMemory(to: UInt8.self))
            return scanner.elements(at: path.map { Array($0.utf8) }[...])
        }
    }
}

/// A cursor over JSON bytes that checks structure only as far as it needs to find values' ends.
private struct Scanner {
    let bytes: UnsafeBufferPointer<UInt8>
    var position = 0

    private static let quote = UInt8(ascii: "\"")
    private static let backslash = UInt8(ascii: "\\")

    // Comparisons, not sets: hashing each byte made the scan a tenth of a history page's client time.
    private static func isOpener(_ byte: UInt8) -> Bool { byte == UInt8(ascii: "{") || byte == UInt8(ascii: "[") }
    private static func isCloser(_ byte: UInt8) -> Bool { byte == UInt8(ascii: "}") || byte == UInt8(ascii: "]") }
    private static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 }

    mutating func elements(at path: ArraySlice<[UInt8]>) -> [Range<Int>]? {
        skipSpace()
        guard let key = path.first else { return arrayElements() }
        guard take("{") else { return nil }
        var found: [Range<Int>]?
        var seen = false
        skipSpace()
        if take("}") { return nil }
        repeat {
            skipSpace()
            guard let name = stringContents() else { return nil }
            skipSpace()
            guard take(":") else { return nil }
            skipSpace()
            if bytes[name].elementsEqual(key) {
                // A key named twice leaves it to the decoder which one counts: better to find nothing.
                guard !seen else { return nil }
                seen = true
                found = elements(at: path.dropFirst())
                guard found != nil else { return nil }
            } else {
                guard skipValue() else { return nil }
            }
            skipSpace()
        } while take(",")
        return take("}") ? found : nil
    }

    private mutating func arrayElements() -> [Range<Int>]? {
        guard take("[") else { return nil }
        skipSpace()
        if take("]") { return [] }
        var ranges: [Range<Int>] = []
        repeat {
            skipSpace()
            let start = position
            guard skipValue() else { return nil }
            ranges.append(start..<position)
            skipSpace()
        } while take(",")
        return take("]") ? ranges : nil
    }

    /// Moves past one value: a string, an object or array (however nested), or a number, `true`, `false` or
    /// `null`.
    private mutating func skipValue() -> Bool {
        guard position < bytes.count else { return false }
        let first = bytes[position]
        if first == Self.quote { return stringContents() != nil }
        guard Self.isOpener(first) else {
            let start = position
            while position < bytes.count, !Self.isSpace(bytes[position]), bytes[position] != UInt8(ascii: ","),
                !Self.isCloser(bytes[position])
            {
                position += 1
            }
            return position > start
        }
        var depth = 0
        while position < bytes.count {
            let byte = bytes[position]
            if byte == Self.quote {
                guard stringContents() != nil else { return false }
                continue
            }
            position += 1
            if Self.isOpener(byte) {
                depth += 1
            } else if Self.isCloser(byte) {
                depth -= 1
                if depth == 0 { return true }
            }
        }
        return false
    }

    /// Moves past a string and returns the range of its raw contents, escapes left as they are.
    private mutating func stringContents() -> Range<Int>? {
        guard position < bytes.count, bytes[position] == Self.quote else { return nil }
        let start = position + 1
        position = start
        while position < bytes.count {
            switch bytes[position] {
            case Self.backslash: position += 2
            case Self.quote:
                position += 1
                return start..<(position - 1)
            default: position += 1
            }
        }
        return nil
    }

    private mutating func skipSpace() {
        while position < bytes.count, Self.isSpace(bytes[position]) { position += 1 }
    }

    private mutating func take(_ character: Unicode.Scalar) -> Bool {
        guard position < bytes.count, bytes[position] == UInt8(ascii: character) else { return false }
        position += 1
        return true
    }
}
