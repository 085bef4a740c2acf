public import Foundation

/// Folders only their owner may enter (0700) and files only their owner may read (0600), whatever the umask or the
/// flags: both servers keep chats, visitors' files and secrets in their data folders, and another local user must
/// reach none of them.
public enum PrivateFiles {
    /// A data folder's mode.
    static let folderMode: mode_t = 0o700
    /// A data file's mode.
    static let fileMode: mode_t = 0o600

    /// Sets the process's umask to 077, so that whatever it creates afterwards (SQLite's `-wal` and `-shm` files, a
    /// library's temporary file) is its owner's alone even where no one chose a mode.
    public static func restrictProcessUmask() {
        umask(0o077)
    }

    /// Creates `folder` and any missing parent at 0700, or narrows it to 0700 when it exists: older versions made
    /// their folders with the umask's mode (0755), and a folder others may enter exposes every name in it.
    public static func makeFolder(at folder: URL) throws {
        var missing: [URL] = []
        var current = folder.standardizedFileURL
        while !FileManager.default.fileExists(atPath: current.path), current.path != "/" {
            missing.append(current)
            current = current.deletingLastPathComponent()
        }
        for created in missing.reversed() where mkdir(created.path, folderMode) != 0 && errno != EEXIST {
            throw Failure(path: created.path, operation: "mkdir", code: errno)
        }
        try setMode(folderMode, of: folder.path)
    }

    /// Makes the SQLite database at `path` private before SQLite opens it: its folder 0700, the file created empty at
    /// 0600 when missing (SQLite gives a database's `-wal` and `-shm` the database file's mode), and the file, its
    /// `-wal` and its `-shm` narrowed to 0600 when an older version left them readable.
    public static func prepareDatabase(atPath path: String) throws {
        try makeFolder(at: URL(fileURLWithPath: path).deletingLastPathComponent())
        // O_CREAT without O_TRUNC: an existing database is left as it is; an empty file is an empty database.
        let descriptor = open(path, O_WRONLY | O_CREAT | O_CLOEXEC, fileMode)
        guard descriptor >= 0 else { throw Failure(path: path, operation: "open", code: errno) }
        close(descriptor)
        for suffix in ["", "-wal", "-shm"] { try narrowFile(atPath: path + suffix) }
    }

    /// Writes `data` to `url` whole or not at all, the file ending at 0600.
    public static func write(_ data: Data, to url: URL) throws {
        try data.write(to: url, options: .atomic)
        try setMode(fileMode, of: url.path)
    }

    /// Narrows the file at `path` to 0600 when its group or others have any access; a missing file is not an error
    /// (SQLite makes and deletes its `-wal` and `-shm` as it goes).
    public static func narrowFile(atPath path: String) throws {
        var status = stat()
        guard lstat(path, &status) == 0 else { return }
        if isRegular(status), status.st_mode & 0o077 != 0 { try setMode(fileMode, of: path) }
    }

    /// Narrows every folder under `folder` (itself included) to 0700 and every file to 0600 where group or others
    /// have access: the data an older version left readable. Symbolic links are neither followed nor changed.
    public static func narrowTree(at folder: URL) throws {
        var status = stat()
        guard lstat(folder.path, &status) == 0, isFolder(status) else { return }
        try makeFolder(at: folder)
        guard let walker = FileManager.default.enumerator(atPath: folder.path) else { return }
        while let relative = walker.nextObject() as? String {
            let path = folder.appendingPathComponent(relative).path
            guard lstat(path, &status) == 0, status.st_mode & 0o077 != 0 else { continue }
            if isFolder(status) {
                try setMode(folderMode, of: path)
            } else if isRegular(status) {
                try setMode(fileMode, of: path)
            }
        }
    }

    private static func isFolder(_ status: stat) -> Bool { status.st_mode & S_IFMT == S_IFDIR }

    private static func isRegular(_ status: stat) -> Bool { status.st_mode & S_IFMT == S_IFREG }

    private static func setMode(_ mode: mode_t, of path: String) throws {
        guard chmod(path, mode) == 0 else { throw Failure(path: path, operation: "chmod", code: errno) }
    }

    /// A folder or file that could not be made private.
    public struct Failure: Error, CustomStringConvertible {
        /// The folder or file.
        public var path: String
        /// The system call that failed.
        public var operation: String
        /// Its `errno`.
        public var code: Int32
        /// The path, the call and the system's reason.
        public var description: String { "\(path): \(operation) failed: \(String(cString: strerror(code)))" }
    }
}
