import Foundation
import Logging

/// Deletes the visitor data of tabs that are closed and were not used for `retention`.
///
/// A closed tab's data is kept so that its page can come back (`POST /api/tabs` with `resume`) after the
/// server restarted or the reaper closed the tab; after `retention` nobody is expected back.
struct TabDataSweeper: Sendable {
    let tabsDirectory: URL
    let retention: Duration
    let registry: TabRegistry
    let logger: Logger

    /// Removes every expired folder; returns how many.
    @discardableResult
    func sweep(now: Date = Date()) -> Int {
        let files = FileManager.default
        guard let names = try? files.contentsOfDirectory(atPath: tabsDirectory.path) else { return 0 }
        let cutoff = now.addingTimeInterval(-TimeInterval(retention.components.seconds))
        var removed = 0
        for name in names where registry.tab(id: name) == nil {
            let folder = tabsDirectory.appendingPathComponent(name)
            guard let lastUse = Self.lastModified(folder), lastUse < cutoff else { continue }
            do {
                try files.removeItem(at: folder)
                removed += 1
            } catch {
                logger.warning("could not delete old tab data", metadata: ["error": "\(error)"])
            }
        }
        if removed > 0 { logger.info("deleted the data of old tabs", metadata: ["count": "\(removed)"]) }
        return removed
    }

    /// The newest modification time of a folder and its direct contents (the history database changes inside).
    private static func lastModified(_ folder: URL) -> Date? {
        let files = FileManager.default
        let children = (try? files.contentsOfDirectory(atPath: folder.path)) ?? []
        let dates = ([folder] + children.map { folder.appendingPathComponent($0) }).compactMap { url in
            (try? files.attributesOfItem(atPath: url.path))?[.modificationDate] as? Date
        }
        return dates.max()
    }
}
