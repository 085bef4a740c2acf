import Foundation
import HTTPAPI
import PrivateFiles

/// The files folder under the data directory: one file per guid, so names never collide or escape the folder.
struct FileStore: Sendable {
    let directory: URL
    /// The data folder's bytes, told of every file written or removed here.
    let usage: DataFolderUsage
    /// When a stored file was made.
    let clock: ServerClock

    /// Creates the folder if needed, private (0700): it holds every visitor's and operator's files.
    init(directory: URL, usage: DataFolderUsage, clock: ServerClock) throws {
        self.directory = directory
        self.clock = clock
        self.usage = usage
        try PrivateFiles.makeFolder(at: directory)
    }

    /// Where a file's bytes live; guids are our own hex ids, checked so that a request cannot name another path.
    func url(guid: String) -> URL? {
        guard !guid.isEmpty, guid.allSatisfy(\.isHexDigit) else { return nil }
        return directory.appendingPathComponent(guid)
    }

    /// Writes a file's bytes, readable by the server's user alone (0600).
    func write(_ bytes: Data, guid: String) throws {
        guard let url = url(guid: guid) else { throw FileStoreError.badGuid }
        try PrivateFiles.write(bytes, to: url)
        usage.added(Int64(bytes.count))
    }

    /// Removes a file's bytes, if present.
    func remove(guid: String) {
        guard let url = url(guid: guid) else { return }
        let size = DataFolderUsage.size(of: url)
        if (try? FileManager.default.removeItem(at: url)) != nil { usage.removed(size) }
    }
}

/// File store failures.
enum FileStoreError: Error {
    /// A guid that is not one of ours.
    case badGuid
}
