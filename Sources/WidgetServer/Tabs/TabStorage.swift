import CoreMetrics
import Foundation
import PrivateFiles
import WebimClientLibrary

/// Where tabs keep their visitors' data: a folder each (what the tab was opened with, files waiting in the
/// outbox), and their history, outbox and ids in the server's one history store, under the tab's id.
struct TabStorage: Sendable {
    /// The folder of every tab's folder.
    let tabsDirectory: URL
    let history: HistoryStore

    /// The tabs' folders and the history store in `dataDirectory`, each its owner's alone: the folders 0700 and the
    /// store 0600 before SQLite opens it (SQLite gives its `-wal` and `-shm` the store's mode), whatever the umask.
    /// The store's commits are counted in `metrics`.
    init(dataDirectory: URL, metrics: any MetricsFactory = NOOPMetricsHandler.instance) throws {
        let tabsDirectory = dataDirectory.appendingPathComponent("tabs")
        let historyPath = dataDirectory.appendingPathComponent("history.sqlite").path
        try PrivateFiles.makeFolder(at: dataDirectory)
        try PrivateFiles.makeFolder(at: tabsDirectory)
        try PrivateFiles.prepareDatabase(atPath: historyPath)
        let history = try HistoryStore(path: historyPath, isShared: true, metrics: metrics)
        self.init(tabsDirectory: tabsDirectory, history: history)
    }

    /// Folders in `tabsDirectory`, history in memory: for what only needs the routes, and must write nothing.
    static func withHistoryInMemory(tabsDirectory: URL) throws -> TabStorage {
        try TabStorage(tabsDirectory: tabsDirectory, history: HistoryStore())
    }

    private init(tabsDirectory: URL, history: HistoryStore) {
        self.tabsDirectory = tabsDirectory
        self.history = history
    }

    /// The tabs erased here, whose credentials open no visitor (`erased-tabs/` beside `tabs/`).
    var erasedTabs: ErasedTabs {
        ErasedTabs(directory: tabsDirectory.deletingLastPathComponent().appendingPathComponent("erased-tabs"))
    }

    /// Where a tab's visitor keeps what is not history.
    func folder(of tabID: String) -> URL { tabsDirectory.appendingPathComponent(tabID) }

    /// Whether a closed tab left data to resume.
    func isKept(tabID: String) -> Bool { FileManager.default.fileExists(atPath: folder(of: tabID).path) }

    /// Deletes what a closed tab kept: its rows (overwritten on disk, `secure_delete`) and its folder.
    func discard(tabID: String) throws {
        try history.discard(visitorKey: tabID)
        try FileManager.default.removeItem(at: folder(of: tabID))
    }

    /// `discard`, and the history store's log emptied too: a kiosk reset leaves no copy of the visitor anywhere.
    func erase(tabID: String) throws {
        try history.erase(visitorKey: tabID)
        try FileManager.default.removeItem(at: folder(of: tabID))
    }

    /// Which of the kept tabs `tabIDs` have messages no service has confirmed (one query for them all).
    func tabsWithUnsentMessages(among tabIDs: [String]) -> Set<String> {
        let visitors = tabIDs.map { (key: $0, storageDirectory: folder(of: $0)) }
        return (try? history.visitorKeysWithUnsentMessages(among: visitors)) ?? []
    }

    /// Marks the tab's data as used now: the sweeper deletes what was not used for the retention.
    func markUsed(tabID: String) {
        try? FileManager.default.setAttributes([.modificationDate: Date()], ofItemAtPath: folder(of: tabID).path)
    }

    /// The bytes a kept tab's data takes: its folder's files and its rows.
    func bytes(tabID: String) -> Int64 {
        FolderBytes.under(folder(of: tabID)) + ((try? history.storedBytes(visitorKey: tabID)) ?? 0)
    }
}
