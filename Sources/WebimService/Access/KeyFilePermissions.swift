public import Foundation

/// The check a key file given on the command line (`--cluster-key-file`, `--visitor-fields-key-file`) must pass: no
/// access for its group or others, as ssh asks of a private key. The server refuses to start rather than use a key
/// that may already be known to others.
public enum KeyFilePermissions {
    /// Throws `SecretFile.Unusable` naming the file and its mode when its group or others have any access to it.
    ///
    /// One exception: a systemd credential (`LoadCredential=`, under `$CREDENTIALS_DIRECTORY`). systemd writes it
    /// 0400, owned by root, and lets the service's user read it with an ACL entry, which `stat` shows as group bits
    /// (0440); the directory and the file are readable by root and that user alone.
    public static func check(
        _ url: URL,
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws {
        var status = stat()
        guard stat(url.path, &status) == 0 else {
            throw SecretFile.Unusable(path: url.path, reason: "cannot be read (\(String(cString: strerror(errno))))")
        }
        let mode = status.st_mode & 0o777
        guard mode & 0o077 != 0, !isSystemdCredential(url, environment: environment) else { return }
        throw SecretFile.Unusable(
            path: url.path,
            reason: """
                permissions 0\(String(mode, radix: 8)) are too open: a key must be readable by its owner alone \
                (chmod 600 \(url.path)), and one others could read may already be known
                """
        )
    }

    private static func isSystemdCredential(_ url: URL, environment: [String: String]) -> Bool {
        guard let directory = environment["CREDENTIALS_DIRECTORY"], !directory.isEmpty else { return false }
        let folder = URL(fileURLWithPath: directory).standardizedFileURL.path
        return url.standardizedFileURL.deletingLastPathComponent().path == folder
    }
}
