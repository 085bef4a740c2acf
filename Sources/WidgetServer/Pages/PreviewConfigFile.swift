public import Foundation
import HTTPAPI
import Synchronization

/// The `--preview-config` file, re-read whenever its modification time or size changes.
///
/// The preview page polls `/preview/config`; each poll costs one `stat`, and the file is parsed
/// again only after an edit, so a page left open follows the file without the server reading it
/// on every request.
final class PreviewConfigFile: Sendable {
    /// The variants and a version that changes with the file (the page compares it between polls).
    struct Snapshot: Sendable {
        var version: String
        var variants: Result<[PreviewVariant], PreviewConfigError>
    }

    let url: URL
    private let cache = Mutex<Snapshot?>(nil)

    init(url: URL) {
        self.url = url
    }

    /// The file's current variants, or why they cannot be read.
    func current() -> Snapshot {
        let path = url.path
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: path),
            let modified = attributes[.modificationDate] as? Date
        else {
            let missing = PreviewConfigError(
                code: .previewConfigMissing,
                message: "\(path): the preview configuration file cannot be read."
            )
            return Snapshot(version: "missing", variants: .failure(missing))
        }
        let size = (attributes[.size] as? NSNumber)?.intValue ?? 0
        let version = "\(Int64(modified.timeIntervalSince1970 * 1_000_000))-\(size)"
        if let cached = cache.withLock({ $0 }), cached.version == version { return cached }
        let snapshot = Snapshot(version: version, variants: Self.read(url))
        cache.withLock { $0 = snapshot }
        return snapshot
    }

    private static func read(_ url: URL) -> Result<[PreviewVariant], PreviewConfigError> {
        guard let data = FileManager.default.contents(atPath: url.path) else {
            return .failure(
                PreviewConfigError(
                    code: .previewConfigMissing,
                    message: "\(url.path): the preview configuration file cannot be read."
                )
            )
        }
        return Result { () throws(PreviewConfigError) in try PreviewConfig.decode(data, source: url.path) }
    }
}

/// Checks a preview configuration file before the server starts, so a typo stops `serve` with a clear message.
public func checkPreviewConfig(at url: URL) throws(PreviewConfigError) {
    _ = try PreviewConfigFile(url: url).current().variants.get()
}
