/// Other spellings of one path, as an attacker would try them against an access rule that reads the path's text:
/// each either is refused at the edge (`invalid_path`) or names no route at all.
public enum PathSpellings {
    /// A spelling and whether the path rule must refuse it (400 `invalid_path`) rather than leave it to the router.
    public struct Spelling: Sendable, CustomStringConvertible {
        public var target: String
        public var isNonCanonical: Bool
        public var description: String { target }
    }

    /// The spellings of `path` (absolute, with at least two segments, no query): doubled and leading slashes, dot
    /// segments, percent-encodings, a trailing slash, `;` parameters and mixed case.
    public static func variants(of path: String) -> [Spelling] {
        let segments = path.split(separator: "/").map(String.init)
        precondition(segments.count >= 2, "a path of two segments at least")
        let first = segments[0]
        let rest = segments.dropFirst().joined(separator: "/")
        let last = segments[segments.count - 1]
        let allButLast = segments.dropLast().joined(separator: "/")
        let refused = [
            "/" + path, "//" + path, path + "/", "/\(first)//\(rest)", "/\(allButLast)//\(last)",
            "/\(first)/./\(rest)", "/./\(first)/\(rest)", "/\(first)/x/../\(rest)", "/\(first)/%2e/\(rest)",
            "/\(first)/%2E%2E/\(first)/\(rest)", "/%2F\(first)/\(rest)", "/\(first)%2F\(rest)", "/\(first)%2f\(rest)",
            "/\(first)%5C\(rest)", "/\(first)\\\(rest)", "/\(allButLast)/\(last)%00", "/\(first)/%00/\(rest)",
            "/\(allButLast)/\(last)%0a", "/\(first)/%zz/\(rest)", "/\(first)/\(rest)%",
        ]
        let routedOrMissing = [
            "/\(first);x/\(rest)", "/\(allButLast)/\(last);x", "/\(allButLast);/\(last)",
            "/" + first.uppercased() + "/" + rest, path.uppercased(),
            "/" + first.prefix(1).uppercased() + first.dropFirst() + "/" + rest,
            "/%\(hex(first.utf8.first ?? 0))\(first.dropFirst())/\(rest)",
        ]
        return refused.map { Spelling(target: $0, isNonCanonical: true) }
            + routedOrMissing.map { Spelling(target: $0, isNonCanonical: false) }
    }

    private static func hex(_ byte: UInt8) -> String {
        let digits = Array("0123456789ABCDEF")
        return String([digits[Int(byte >> 4)], digits[Int(byte & 0x0F)]])
    }
}
