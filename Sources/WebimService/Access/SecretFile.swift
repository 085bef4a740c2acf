public import Foundation
import HTTPAPI
import PrivateFiles

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
        try PrivateFiles.makeFolder(at: url.deletingLastPathComponent())
        let secret = makeSecret()
        do {
            try PrivateFiles.write(Data((secret + "\n").utf8), to: url)
        } catch {
            throw Unusable(path: url.path, reason: "could not be written (\(error))")
        }
        return secret
    }

    /// The secret in a file of the data folder (surrounding white space dropped); an empty file is refused. A file
    /// others may read (an older version's) is narrowed to its owner first: the server made it, so it may fix it.
    public static func load(at url: URL) throws -> String {
        try PrivateFiles.narrowFile(atPath: url.path)
        return try read(at: url)
    }

    /// The secret in a file someone gave the server (`--visitor-fields-key-file`), which must already be private:
    /// a key its group or others may read has been exposed, and narrowing it now would hide that (ssh refuses such a
    /// private key too).
    public static func loadGiven(at url: URL) throws -> String {
        try KeyFilePermissions.check(url)
        return try read(at: url)
    }

    private static func read(at url: URL) throws -> String {
        let secret = try String(contentsOf: url, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
        guard secret.utf8.count >= 16 else { throw Unusable(path: url.path, reason: "holds fewer than 16 characters") }
        return secret
    }

    /// 32 random bytes as unpadded base64url (43 characters): safe in a URL, a cookie and a header.
    public static func makeSecret() -> String { RandomToken.make(byteCount: 32) }
}
