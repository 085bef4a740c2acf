/// The one spelling of a path both servers route: a request whose path could name the same route in another spelling
/// is refused before any routing or access rule reads it.
///
/// Refusing rather than canonicalising keeps every check simple and every log honest: Hummingbird's router skips
/// empty segments while a rule that reads the raw path does not, and a path rewritten in one place but not another is
/// how `//operator/api/chats` once passed the console's door. No page of ours and no client core ever writes these
/// spellings, so only a hand-made request meets the refusal.
package enum RequestPathRule {
    /// Why a path is refused.
    package enum Violation: Equatable, Sendable {
        /// Not starting with `/` (a request target of another form reached the router).
        case notAbsolute
        /// `//`, or a `/` at the end of anything but the root.
        case emptySegment
        /// A `.` or `..` segment.
        case dotSegment
        /// `%2F` (`/`), `%5C` (`\`) or `%2E` (`.`): a separator or dot in disguise.
        case encodedSeparator
        /// A raw `\`, which some file systems and proxies read as `/`.
        case backslash
        /// A control character (NUL included), raw or percent-encoded.
        case controlCharacter
        /// A `%` not followed by two hexadecimal digits.
        case malformedEscape

        /// A sentence for the error's message.
        package var explanation: String {
            switch self {
            case .notAbsolute: "The path must start with a slash."
            case .emptySegment: "The path has an empty segment (a doubled or trailing slash)."
            case .dotSegment: "The path has a dot segment (. or ..)."
            case .encodedSeparator: "The path has an encoded slash, backslash or dot."
            case .backslash: "The path has a backslash."
            case .controlCharacter: "The path has a control character."
            case .malformedEscape: "The path has a malformed percent escape."
            }
        }
    }

    /// Why `path` (as received, before any decoding) is refused, or nil when it is the one spelling of itself.
    ///
    /// Below one of `namePrefixes` the last segment is a name that no route or rule reads (the Webim download URL's
    /// `/l/v/m/download/{guid}/{filename}`: the file is found by its guid, and the signature covers the guid). The SDK
    /// percent-encodes that name only as a host name needs, so `%2F`, `%5C` and a bare `..` arrive there as a person
    /// named the file: only emptiness, raw control characters and broken escapes are refused in it.
    package static func violation(in path: String, namePrefixes: [String] = []) -> Violation? {
        if let prefix = namePrefixes.first(where: { path.hasPrefix($0) }),
            let lastSlash = path.lastIndex(of: "/"), path.distance(from: path.startIndex, to: lastSlash) >= prefix.count
        {
            let name = path[path.index(after: lastSlash)...]
            if name.isEmpty { return .emptySegment }
            if let violation = violation(inCharacters: name.utf8, isName: true) { return violation }
            return violation(in: String(path[...lastSlash].dropLast()))
        }
        return violation(inPath: path)
    }

    private static func violation(inPath path: String) -> Violation? {
        guard path.utf8.first == UInt8(ascii: "/") else { return .notAbsolute }
        if path.utf8.count == 1 { return nil }
        if let violation = violation(inCharacters: path.utf8, isName: false) { return violation }
        for segment in path.utf8.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false).dropFirst() {
            if segment.isEmpty { return .emptySegment }
            if segment.elementsEqual(".".utf8) || segment.elementsEqual("..".utf8) { return .dotSegment }
        }
        return nil
    }

    /// A raw control character or a broken escape anywhere; outside a name also a backslash, and an escape that
    /// decodes to a control character, `/`, `\` or `.` (within a name those are only part of it).
    private static func violation(inCharacters characters: some Collection<UInt8>, isName: Bool) -> Violation? {
        let bytes = Array(characters)
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte < 0x20 || byte == 0x7F { return .controlCharacter }
            if byte == UInt8(ascii: "\\"), !isName { return .backslash }
            guard byte == UInt8(ascii: "%") else {
                index += 1
                continue
            }
            guard index + 2 < bytes.count, let high = hexValue(bytes[index + 1]), let low = hexValue(bytes[index + 2])
            else { return .malformedEscape }
            let decoded = high << 4 | low
            if !isName, decoded < 0x20 || decoded == 0x7F { return .controlCharacter }
            if !isName, [UInt8(ascii: "/"), UInt8(ascii: "\\"), UInt8(ascii: ".")].contains(decoded) {
                return .encodedSeparator
            }
            index += 3
        }
        return nil
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
