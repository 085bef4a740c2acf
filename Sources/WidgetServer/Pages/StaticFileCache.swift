import CompressNIO
import Crypto
import Foundation
import NIOCore
import Synchronization

/// Static files read once and kept with their ETag and gzip form; a changed file (size or date) is read again.
final class StaticFileCache: Sendable {
    /// One file as served.
    struct Entry: Sendable {
        var modified: Date
        var size: Int
        var bytes: ByteBuffer
        var etag: String
        /// The gzip form, when compressing pays.
        var gzipped: ByteBuffer?
    }

    /// Files below this size are sent as they are.
    static let minimumCompressedSize = 512

    private let entries = Mutex<[String: Entry]>([:])

    /// The file at `path` (already checked to be inside the public folder), or nil if it cannot be read.
    func entry(path: String, compressible: Bool) -> Entry? {
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: path),
            attributes[.type] as? FileAttributeType == .typeRegular,
            let modified = attributes[.modificationDate] as? Date,
            let size = (attributes[.size] as? NSNumber)?.intValue
        else { return nil }
        if let cached = entries.withLock({ $0[path] }), cached.modified == modified, cached.size == size {
            return cached
        }
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        let bytes = ByteBuffer(bytes: data)
        var gzipped: ByteBuffer?
        if compressible, data.count >= Self.minimumCompressedSize {
            var input = bytes
            gzipped = try? input.compress(with: .gzip())
        }
        let entry = Entry(modified: modified, size: size, bytes: bytes, etag: Self.etag(of: data), gzipped: gzipped)
        entries.withLock { $0[path] = entry }
        return entry
    }

    /// A strong ETag from the content's hash.
    static func etag(of data: some DataProtocol) -> String {
        let digest = SHA256.hash(data: data)
        return "\"" + digest.prefix(12).map { String(format: "%02x", $0) }.joined() + "\""
    }
}
