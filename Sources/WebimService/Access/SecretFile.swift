public import Foundation
import WebimWire

/// A secret kept in a file only its owner can read (mode 0600): made at first start, read on every later one, so that
/// no secret lives in the source and a restart keeps what browsers and signed visitors already hold.
public enum SecretFile {
    /// A secret file that exists but cannot be used.
    public struct Unusable: Error, CustomStringConvertible {
        public var path: String
        public var reason: String
        public var description: String { "\(path): \(reason)" }
    }

    /// The secret in `url`; when the file does not exist, 32 random bytes (base64url) are written there first.
    public static func loadOrCreate(at url: URL) throws -> String {
        if FileManager.default.fileExists(atPath: url.path) { return try load(at: url) }
        try FileManager.default.createDirectory(
            at: url.deletingLastPathComponent(),
            withIntermediateDirectories: true,
            attributes: [.posixPermissions: 0o700]
        )
        let secret = makeSecret()
        guard
            FileManager.default.createFile(
                atPath: url.path,
                contents: Data((secret + "\n").utf8),
                attributes: [.posixPermissions: 0o600]
            )
        else { throw Unusable(path: url.path, reason: "could not be written") }
        return secret
    }

    /// The secret in an existing file (surrounding white space dropped); an empty file is refused. A file others may
    /// read is narrowed to its owner first.
    public static func load(at url: URL) throws -> String {
        let attributes = try FileManager.default.attributesOfItem(atPath: url.path)
        if let mode = attributes[.posixPermissions] as? Int, mode & 0o077 != 0 {
            try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: url.path)
        }
        let secret = try String(contentsOf: url, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
        guard secret.utf8.count >= 16 else { throw Unusable(path: url.path, reason: "holds fewer than 16 characters") }
        return secret
    }

    /// 32 random bytes as unpadded base64url (43 characters): safe in a URL, a cookie and a header.
    public static func makeSecret() -> String { RandomToken.make(byteCount: 32) }

    /// Compares two secrets in time that does not depend on where they differ.
    public static func matches(_ given: String, _ secret: String) -> Bool {
        let given = Array(given.utf8)
        let secret = Array(secret.utf8)
        guard given.count == secret.count else { return false }
        return zip(given, secret).reduce(UInt8(0)) { $0 | ($1.0 ^ $1.1) } == 0
    }
}
