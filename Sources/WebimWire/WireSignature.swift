import Crypto
import Foundation

/// The two HMACs of the protocol, in one place so that client and service cannot disagree.
public enum WireSignature {
    /// `hash` of a download URL (PROTOCOL.md §7.3): hex HMAC-SHA256, key = auth token, message = guid + expires.
    public static func downloadHash(guid: String, expires: Int64, authToken: String) -> String {
        hmac(message: guid + String(expires), key: authToken)
    }

    /// `hash` of provided visitor fields (PROTOCOL.md §2.7): hex HMAC-SHA256, key = the account's private key,
    /// message = the field values in ascending field-name order, then expires.
    public static func visitorFieldsHash(fields: [String: String], expires: Int64, privateKey: String) -> String {
        hmac(message: signedText(fields: fields, expires: expires), key: privateKey)
    }

    /// The legacy variant of the visitor fields hash: hex SHA-256 of the same text followed by the key.
    public static func legacyVisitorFieldsHash(fields: [String: String], expires: Int64, privateKey: String) -> String {
        hex(SHA256.hash(data: Data((signedText(fields: fields, expires: expires) + privateKey).utf8)))
    }

    private static func signedText(fields: [String: String], expires: Int64) -> String {
        fields.sorted { $0.key < $1.key }.map(\.value).joined() + String(expires)
    }

    private static func hmac(message: String, key: String) -> String {
        let code = HMAC<SHA256>.authenticationCode(
            for: Data(message.utf8),
            using: SymmetricKey(data: Data(key.utf8))
        )
        return hex(code)
    }

    private static func hex(_ bytes: some Sequence<UInt8>) -> String {
        bytes.map { byte in
            let digits = String(byte, radix: 16)
            return byte < 16 ? "0" + digits : digits
        }.joined()
    }
}
