import Crypto
public import Foundation

/// The secret every widget server of a deployment shares (`--cluster-key-file`): a page's visitor credential sealed
/// by one server opens on every other, so any of them can continue the page's tab.
public struct ClusterKey: Sendable {
    /// The AES-256 key of visitor credentials, derived from the secret for that one use; kept as bytes, which are
    /// `Sendable` where swift-crypto's key type is not.
    private let credentialKeyBytes: Data

    var credentialKey: SymmetricKey { SymmetricKey(data: credentialKeyBytes) }

    /// A key that is too short to be a secret.
    public struct TooShort: Error, CustomStringConvertible {
        public var description: String { "a cluster key holds at least \(ClusterKey.minimumBytes) bytes" }
    }

    /// The fewest bytes of secret: 128 bits, written in any form (raw bytes, hex, base64).
    public static let minimumBytes = 16

    /// The key from `secret`'s bytes: raw (`head -c 32 /dev/urandom`) or text (base64, hex); line breaks at the end,
    /// which an editor adds to a text file, are not part of it.
    public init(secret: Data) throws {
        var bytes = secret[...]
        while let last = bytes.last, last == UInt8(ascii: "\n") || last == UInt8(ascii: "\r") {
            bytes = bytes.dropLast()
        }
        guard bytes.count >= Self.minimumBytes else { throw TooShort() }
        self.init(material: SymmetricKey(data: Data(bytes)))
    }

    private init(material: SymmetricKey) {
        credentialKeyBytes = HKDF<SHA256>.deriveKey(
            inputKeyMaterial: material,
            salt: Data("webim-widget cluster key".utf8),
            info: Data("visitor credential v1".utf8),
            outputByteCount: 32
        ).withUnsafeBytes { Data($0) }
    }

    /// A key of this process alone: credentials then open on this server only, which keeps every tab it holds anyway.
    public static func random() -> ClusterKey {
        ClusterKey(material: SymmetricKey(size: .bits256))
    }
}
