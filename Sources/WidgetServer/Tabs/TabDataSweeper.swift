import Foundation
import Logging

/// Deletes the visitor data of closed tabs: those not used for `retention`, then, while the rest take more than
/// `budget` bytes, the least recently used first.
///
/// A closed tab's data is kept so that its page can come back (`POST /api/tabs` with `resume`) after the
/// server restarted or the reaper closed the tab; after `retention` nobody is expected back, and the budget keeps a
/// flood of short chats from filling the disk before that.
struct TabDataSweeper: Sendable {
    let tabsDirectory: URL
    let retention: Duration
    /// The most bytes closed tabs' data may take.
    var budget: Int64 = .max
    let registry: TabRegistry
    let logger: Logger

    /// A closed tab's folder, with what the sweep decides by.
    private struct KeptTab {
        var folder: URL
        var lastUse: Date
        var bytes: Int64
    }

    /// Removes every expired folder, then the oldest beyond the budget; returns how many.
    @discardableResult
    func sweep(now: Date = Date()) -> Int {
        let files = FileManager.default
        guard let names = try? files.contentsOfDirectory(atPath: tabsDirectory.path) else { return 0 }
        let cutoff = now.addingTimeInterval(-TimeInterval(retention.components.seconds))
        var kept: [KeptTab] = []
        var expired: [URL] = []
        for name in names where registry.tab(id: name) == nil {
            let folder = tabsDirectory.appendingPathComponent(name)
            guard let lastUse = Self.lastModified(folder) else { continue }
            if lastUse < cutoff {
                expired.append(folder)
            } else {
                kept.append(KeptTab(folder: folder, lastUse: lastUse, bytes: Self.size(of: folder)))
            }
        }
        var total = kept.reduce(0) { $0 + $1.bytes }
        for tab in kept.sorted(by: { $0.lastUse < $1.lastUse }) where total > budget {
            expired.append(tab.folder)
            total -= tab.bytes
        }
        var removed = 0
        for folder in expired {
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

    /// The bytes of every file under `folder`.
    private static func size(of folder: URL) -> Int64 {
        guard let walker = FileManager.default.enumerator(atPath: folder.path) else { return 0 }
        var total: Int64 = 0
        while let path = walker.nextObject() as? String {
            let attributes = try? FileManager.default.attributesOfItem(atPath: folder.appendingPathComponent(path).path)
            if attributes?[.type] as? FileAttributeType == .typeRegular {
                total += (attributes?[.size] as? NSNumber)?.int64Value ?? 0
            }
        }
        return total
    }
}
