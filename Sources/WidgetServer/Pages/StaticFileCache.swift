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
        /// The source map of a compacted script or stylesheet, served at the file's path plus `.map`.
        var sourceMap: ByteBuffer?
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
        let (data, sourceMap) = Self.servedForm(of: file, path: path)
        let bytes = ByteBuffer(bytes: data)
        var gzipped: ByteBuffer?
        if compressible, data.count >= Self.minimumCompressedSize {
            var input = bytes
            gzipped = try? input.compress(with: .gzip())
        }
        let entry = Entry(
            modified: modified,
            size: size,
            bytes: bytes,
            etag: Self.etag(of: data),
            gzipped: gzipped,
            sourceMap: sourceMap.map { ByteBuffer(bytes: $0) }
        )
        entries.withLock { $0[path] = entry }
        return entry
    }

    /// Scripts and stylesheets compacted by `SourceCompactor`, with their source maps; JSON (the page's strings)
    /// compacted too, with no map; anything else as is.
    static func servedForm(of file: Data, path: String) -> (data: Data, sourceMap: Data?) {
        let language: SourceCompactor.Language
        let fileExtension = URL(fileURLWithPath: path).pathExtension.lowercased()
        switch fileExtension {
        case "js", "mjs", "json": language = .javaScript
        case "css": language = .css
        default: return (file, nil)
        }
        let source = Array(file)
        let compacted = SourceCompactor.compact(source, as: language)
        guard fileExtension != "json" else { return (Data(compacted.code), nil) }
        // The tools list the original under the repository's own path: `Public/js/main.js`.
        let publicPath = path.range(of: "/Public/", options: .backwards).map { String(path[$0.lowerBound...]) }
        let sourceMap = try? SourceMap.json(
            for: compacted,
            source: source,
            sourcePath: publicPath ?? "/" + URL(fileURLWithPath: path).lastPathComponent
        )
        return (Data(compacted.code), sourceMap)
    }

    /// A strong ETag from the content's hash.
    static func etag(of data: some DataProtocol) -> String {
        let digest = SHA256.hash(data: data)
        return "\"" + digest.prefix(12).map { String(format: "%02x", $0) }.joined() + "\""
    }
}
