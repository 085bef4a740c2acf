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

    /// Whether `given` is `secret`, compared in time that does not depend on where they differ.
    public static func matches(_ given: String, _ secret: String) -> Bool {
        let given = Array(given.utf8)
        let secret = Array(secret.utf8)
        guard given.count == secret.count else { return false }
        return zip(given, secret).reduce(UInt8(0)) { $0 | ($1.0 ^ $1.1) } == 0
    }
}
