import Foundation
import PrivateFiles

/// Makes the data folder private before either server opens anything in it.
enum DataFolders {
    /// Sets the umask to 077, so that everything made from now on is its owner's alone (SQLite's `-wal` and `-shm`
    /// included), creates `dataDirectory` at 0700 if it is missing, and narrows the servers' folders under it
    /// (`widget/`, `service/`) with everything in them, for data an older version left readable (0755, 0644).
    /// `dataDirectory` itself, when it exists, is left as its owner set it: it may be a folder they chose to share.
    static func makePrivate(_ dataDirectory: URL) throws {
        PrivateFiles.restrictProcessUmask()
        if !FileManager.default.fileExists(atPath: dataDirectory.path) {
            try PrivateFiles.makeFolder(at: dataDirectory)
        }
        for part in ["widget", "service"] {
            try PrivateFiles.narrowTree(at: dataDirectory.appendingPathComponent(part))
        }
    }
}
