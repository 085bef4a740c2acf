import Foundation
import HTTPAPI
import Logging
import WebimClientLibrary

/// Deletes the visitor data of closed tabs: those not used for `retention`, then, while the rest take more than
/// `budget` bytes, the least recently used first.
///
/// A closed tab's data is kept so that its page can come back (`POST /api/tabs` with `resume`) after the
/// server restarted or the reaper closed the tab; after `retention` nobody is expected back, and the budget keeps a
/// flood of short chats from filling the disk before that.
struct TabDataSweeper: Sendable {
    let storage: TabStorage
    let retention: Duration
    /// The most bytes closed tabs' data may take.
    var budget: Int64 = .max
    let registry: TabRegistry
    let logger: Logger
    /// The data folder's budget, measured again after each sweep.
    var folderBudget: DataFolderBudget? = nil

    /// A closed tab's data, with what the sweep decides by.
    private struct KeptTab {
        var id: String
        var lastUse: Date
        var bytes: Int64
    }

    /// Removes every expired tab's data, then the oldest beyond the budget; returns how many.
    @discardableResult
    func sweep(now: Date = Date()) -> Int {
        // An open tab is in use: its folder says so now, so that a crash before it closes (which touches the folder
        // too) leaves it a full retention from about now, not from when it opened.
        for id in registry.openIDs { storage.markUsed(tabID: id) }
        let files = FileManager.default
        guard let names = try? files.contentsOfDirectory(atPath: storage.tabsDirectory.path) else {
            folderBudget?.remeasure()
            return 0
        }
        let cutoff = now.addingTimeInterval(-TimeInterval(retention.components.seconds))
        var kept: [KeptTab] = []
        var expired: [String] = []
        for name in names where registry.tab(id: name) == nil {
            guard let lastUse = Self.lastModified(storage.folder(of: name)) else { continue }
            if lastUse < cutoff {
                expired.append(name)
            } else {
                kept.append(KeptTab(id: name, lastUse: lastUse, bytes: storage.bytes(tabID: name)))
            }
        }
        var total = kept.reduce(0) { $0 + $1.bytes }
        for tab in kept.sorted(by: { $0.lastUse < $1.lastUse }) where total > budget {
            expired.append(tab.id)
            total -= tab.bytes
        }
        var removed = 0
        for id in expired {
            do {
                try storage.discard(tabID: id)
                removed += 1
            } catch {
                // The error names the tab's folder, which is its id.
                logger.warning(
                    "could not delete old tab data",
                    metadata: [
                        "tab": "\(LoggedTabID.shortened(id))", "error": "\(LoggedTabID.redacted(in: "\(error)"))",
                    ]
                )
            }
        }
        if removed > 0 { logger.info("deleted the data of old tabs", metadata: ["count": "\(removed)"]) }
        discardRowsWithoutAFolder(names: Set(names))
        storage.erasedTabs.forget(erasedBefore: cutoff)
        folderBudget?.remeasure()
        return removed
    }

    /// History rows of a tab whose folder is gone (deleted by hand, or a crash between the two deletions) belong
    /// to no visitor who can come back: a page resumes only a tab with a folder, and a new tab has a new id.
    private func discardRowsWithoutAFolder(names: Set<String>) {
        guard let keys = try? storage.history.visitorKeys() else { return }
        // Checked again at the last moment: a tab listed as open may have closed meanwhile, keeping its folder.
        for key in keys where !names.contains(key) && registry.tab(id: key) == nil && !storage.isKept(tabID: key) {
            try? storage.history.discard(visitorKey: key)
        }
    }

    /// The newest modification time of a folder and its direct contents (touched when its tab closes).
    private static func lastModified(_ folder: URL) -> Date? {
        let files = FileManager.default
        let children = (try? files.contentsOfDirectory(atPath: folder.path)) ?? []
        let dates = ([folder] + children.map { folder.appendingPathComponent($0) }).compactMap { url in
            (try? files.attributesOfItem(atPath: url.path))?[.modificationDate] as? Date
        }
        return dates.max()
    }
}
