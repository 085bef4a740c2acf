/// `application/x-www-form-urlencoded` bodies and queries as the protocol writes them (PROTOCOL.md §1.2).
public enum WireForm {
    /// Characters left as they are: RFC 3986 unreserved, so a value never needs guessing on the other side.
    private static let unreserved = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~".utf8)

    /// Encodes pairs in order as `k=v&…`, percent-encoding everything but unreserved characters.
    public static func encode(_ pairs: [(String, String)]) -> String {
        pairs.map { "\(percentEncode($0.0))=\(percentEncode($0.1))" }.joined(separator: "&")
    }

    /// Decodes `k=v&…`; `+` is a space (Android's form encoding). The last of repeated keys wins.
    public static func decode(_ text: some StringProtocol) -> [String: String] {
        Dictionary(decodePairs(text), uniquingKeysWith: { _, last in last })
    }

    /// Decodes `k=v&…` into its pairs, in order and with repeated keys kept; `+` is a space.
    public static func decodePairs(_ text: some StringProtocol) -> [(name: String, value: String)] {
        text.split(separator: "&", omittingEmptySubsequences: true).map { pair in
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            return (percentDecode(parts[0]), parts.count > 1 ? percentDecode(parts[1]) : "")
        }
    }

    /// Percent-encodes UTF-8 bytes outside the unreserved set.
    public static func percentEncode(_ text: String) -> String {
        var encoded = ""
        encoded.reserveCapacity(text.utf8.count)
        for byte in text.utf8 {
            if unreserved.contains(byte) {
                encoded.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                encoded += "%"
                encoded += String(byte >> 4, radix: 16, uppercase: true)
                encoded += String(byte & 0xF, radix: 16, uppercase: true)
            }
        }
        return encoded
    }

    /// Decodes `%XX` escapes and `+`; a malformed escape is kept as it is.
    public static func percentDecode(_ text: some StringProtocol) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        var iterator = Array(text.utf8)[...]
        while let byte = iterator.popFirst() {
            switch byte {
            case UInt8(ascii: "+"):
                bytes.append(UInt8(ascii: " "))
            case UInt8(ascii: "%"):
                if iterator.count >= 2,
                    let value = UInt8(String(decoding: iterator.prefix(2), as: UTF8.self), radix: 16)
                {
                    bytes.append(value)
                    iterator = iterator.dropFirst(2)
                } else {
                    bytes.append(byte)
                }
            default:
                bytes.append(byte)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
