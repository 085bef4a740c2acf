import Foundation

/// Random bytes from the system's generator as unpadded base64url: safe in a URL path, a query, a cookie and a header.
/// Tab ids and the servers' secrets are made this way.
public enum RandomToken {
    /// `byteCount` random bytes, encoded (16 bytes: 22 characters; 32 bytes: 43).
    public static func make(byteCount: Int) -> String {
        var generator = SystemRandomNumberGenerator()
        let bytes = (0..<byteCount).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
        return Base64URL.encode(Data(bytes))
    }
}
