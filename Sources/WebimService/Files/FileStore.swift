import Foundation
import PrivateFiles

/// The files folder under the data directory: one file per guid, so names never collide or escape the folder.
struct FileStore: Sendable {
    let directory: URL

    /// Creates the folder if needed, private (0700): it holds every visitor's and operator's files.
    init(directory: URL) throws {
        self.directory = directory
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
    }

    /// Removes a file's bytes, if present.
    func remove(guid: String) {
        guard let url = url(guid: guid) else { return }
        try? FileManager.default.removeItem(at: url)
    }
}

/// File store failures.
enum FileStoreError: Error {
    /// A guid that is not one of ours.
    case badGuid
}
