public import Foundation
import HTTPAPI
import Logging
import Synchronization

/// The `--preview-config` file, re-read whenever its modification time or size changes.
///
/// The preview page polls `/preview/config`; each poll costs one `stat`, and the file is parsed
/// again only after an edit, so a page left open follows the file without the server reading it
/// on every request.
///
/// What the running server answers about the file never names its path (a page, or whoever reaches the server, would
/// learn where the developer keeps their work); the server's log does, once for each version of the file that fails.
final class PreviewConfigFile: Sendable {
    /// The variants and a version that changes with the file (the page compares it between polls).
    struct Snapshot: Sendable {
        var version: String
        var variants: Result<[PreviewVariant], PreviewConfigError>
    }

    /// How the running server's answers name the file.
    static let answerName = "The preview configuration file"

    let url: URL
    private let logger: Logger
    private let cache = Mutex<Snapshot?>(nil)

    init(url: URL, logger: Logger) {
        self.url = url
        self.logger = logger
    }

    /// The file's current variants, or why they cannot be read.
    func current() -> Snapshot {
        let snapshot = Self.snapshot(of: url, named: Self.answerName) { cache.withLock { $0 } }
        let isNew = cache.withLock { cached in
            defer { cached = snapshot }
            return cached?.version != snapshot.version
        }
        if isNew, case .failure(let error) = snapshot.variants {
            logger.warning(
                "the preview configuration file cannot be used",
                metadata: ["path": "\(url.path)", "problem": "\(error.message)"]
            )
        }
        return snapshot
    }

    /// Replaces the file with `data` (a configuration already checked), written whole or not at all; false, logged,
    /// when it could not be.
    func replace(with data: Data) -> Bool {
        do {
            try data.write(to: url, options: .atomic)
            return true
        } catch {
            logger.error(
                "the preview configuration file could not be written",
                metadata: ["path": "\(url.path)", "error": "\(error)"]
            )
            return false
        }
    }

    /// The file's version and variants, errors naming it `name`; `cached` is the last snapshot, kept while the file's
    /// version is the same.
    private static func snapshot(of url: URL, named name: String, cached: () -> Snapshot?) -> Snapshot {
        let path = url.path
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: path),
            let modified = attributes[.modificationDate] as? Date
        else {
            return Snapshot(version: "missing", variants: .failure(missing(named: name)))
        }
        let size = (attributes[.size] as? NSNumber)?.intValue ?? 0
        let version = "\(Int64(modified.timeIntervalSince1970 * 1_000_000))-\(size)"
        if let cached = cached(), cached.version == version { return cached }
        return Snapshot(version: version, variants: read(url, named: name))
    }

    private static func read(_ url: URL, named name: String) -> Result<[PreviewVariant], PreviewConfigError> {
        guard let data = FileManager.default.contents(atPath: url.path) else { return .failure(missing(named: name)) }
        return Result { () throws(PreviewConfigError) in try PreviewConfig.decode(data, source: name) }
    }

    private static func missing(named name: String) -> PreviewConfigError {
        PreviewConfigError(code: .previewConfigMissing, message: "\(name) cannot be read.")
    }

    /// What `serve` says before it starts: the problem, naming the file by the path the developer gave.
    fileprivate static func check(_ url: URL) throws(PreviewConfigError) {
        _ = try snapshot(of: url, named: url.path) { nil }.variants.get()
    }
}

/// Checks a preview configuration file before the server starts, so a typo stops `serve` with a clear message.
public func checkPreviewConfig(at url: URL) throws(PreviewConfigError) {
    try PreviewConfigFile.check(url)
}
