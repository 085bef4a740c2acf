import Foundation
import Synchronization

/// How many bytes the service's data folder holds: its files, counted as they are written and removed (measured
/// once at start), plus the database files as they are now. Checked on every stored message, so it never walks the
/// folder then.
final class DataFolderUsage: Sendable {
    private let databaseFiles: [URL]
    private let fileBytes: Mutex<Int64>

    /// Measures `filesDirectory` once; `databaseDirectory` holds `service.sqlite` and its `-wal` and `-shm`.
    init(databaseDirectory: URL, filesDirectory: URL) {
        databaseFiles = ["service.sqlite", "service.sqlite-wal", "service.sqlite-shm"].map {
            databaseDirectory.appendingPathComponent($0)
        }
        fileBytes = Mutex(Self.measure(filesDirectory))
    }

    /// The folder's bytes now.
    var bytes: Int64 {
        fileBytes.withLock { $0 } + databaseFiles.reduce(0) { $0 + Self.size(of: $1) }
    }

    /// A file of `count` bytes was written.
    func added(_ count: Int64) { fileBytes.withLock { $0 += count } }

    /// A file of `count` bytes was removed.
    func removed(_ count: Int64) { fileBytes.withLock { $0 = max(0, $0 - count) } }

    /// The size of one file, 0 when it is not there.
    static func size(of url: URL) -> Int64 {
        let attributes = try? FileManager.default.attributesOfItem(atPath: url.path)
        return (attributes?[.size] as? NSNumber)?.int64Value ?? 0
    }

    private static func measure(_ directory: URL) -> Int64 {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.reduce(0) { $0 + size(of: directory.appendingPathComponent($1)) }
    }
}
