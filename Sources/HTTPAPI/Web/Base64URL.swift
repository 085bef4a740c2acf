public import Foundation

/// Base64 with the URL's alphabet and no padding (RFC 4648 §5): tokens and sealed values that travel in paths,
/// query strings, headers and JSON unchanged.
public enum Base64URL {
    public static func encode(_ data: Data) -> String {
        data.base64EncodedString()
            .replacingOccurrences(of: "+", with: "-")
            .replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }

    /// The bytes `text` encodes; nil when it is not unpadded base64url.
    public static func decode(_ text: String) -> Data? {
        guard text.utf8.allSatisfy({ $0 != UInt8(ascii: "+") && $0 != UInt8(ascii: "/") && $0 != UInt8(ascii: "=") })
        else { return nil }
        var standard = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        standard += String(repeating: "=", count: (4 - standard.utf8.count % 4) % 4)
        return Data(base64Encoded: standard)
    }
}
