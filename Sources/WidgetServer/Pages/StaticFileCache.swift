import CompressNIO
import Crypto
import Foundation
import NIOCore
import Synchronization

/// Static files read once and kept in their served form with its ETag and gzip form; a changed file (size or
/// date) is read again.
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
        guard let file = FileManager.default.contents(atPath: path) else { return nil }
        let data = Self.servedForm(of: file, path: path)
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

    /// Scripts and stylesheets without their comments and indentation (`SourceCompactor`); anything else as is.
    static func servedForm(of file: Data, path: String) -> Data {
        let language: SourceCompactor.Language
        switch URL(fileURLWithPath: path).pathExtension.lowercased() {
        case "js", "mjs": language = .javaScript
        case "css": language = .css
        default: return file
        }
        return Data(SourceCompactor.compact(String(decoding: file, as: UTF8.self), as: language).utf8)
    }

    /// A strong ETag from the content's hash.
    static func etag(of data: some DataProtocol) -> String {
        let digest = SHA256.hash(data: data)
        return "\"" + digest.prefix(12).map { String(format: "%02x", $0) }.joined() + "\""
    }
}
