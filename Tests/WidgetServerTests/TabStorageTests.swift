import Foundation
import Logging
import TestSupport
import Testing

@testable import WebimClientLibrary
@testable import WidgetServer

/// A closed tab's data is a folder and rows in the shared history store: the sweep deletes both, and rows whose
/// folder is gone, and keeps both of a tab still within its retention.
@Suite struct TabStorageTests {
    @Test func theSweepDeletesAnExpiredTabsRowsAndRowsWithoutAFolder() async throws {
        try await withTemporaryDirectory { directory in
            let storage = try TabStorage(dataDirectory: directory)
            let registry = TabRegistry()
            for id in ["expired", "recent", "folderless"] {
                let visitor = try HistoryDatabase(
                    store: storage.history,
                    owner: HistoryOwnerName(visitorKey: id, chatInstance: "default")
                )
                try visitor.enqueue(
                    outbox: OutboxRecord(position: nil, clientSideId: "\(id)-1", text: "from \(id)", tsMicros: 1)
                )
                guard id != "folderless" else { continue }
                try FileManager.default.createDirectory(at: storage.folder(of: id), withIntermediateDirectories: true)
            }
            let old = Date().addingTimeInterval(-3 * 24 * 3600)
            try FileManager.default.setAttributes(
                [.modificationDate: old],
                ofItemAtPath: storage.folder(of: "expired").path
            )
            #expect(storage.bytes(tabID: "recent") > 0)
            let sweeper = TabDataSweeper(
                storage: storage,
                retention: .seconds(24 * 3600),
                registry: registry,
                logger: Logger(label: "sweep")
            )
            #expect(sweeper.sweep() == 1)
            #expect(try storage.history.visitorKeys() == ["recent"])
            #expect(storage.isKept(tabID: "recent") && !storage.isKept(tabID: "expired"))
            #expect(storage.tabsWithUnsentMessages(among: ["recent"]) == ["recent"])
            // Asked for many at once: only the kept tab with an outbox, not a stranger nor the deleted one.
            #expect(storage.tabsWithUnsentMessages(among: ["recent", "expired", "stranger"]) == ["recent"])
            #expect(storage.tabsWithUnsentMessages(among: ["expired"]).isEmpty)
        }
    }

    @Test func aTabOpenWhenTheServerCrashedKeepsItsDataForAFullRetentionAfterTheLastSweepThatSawItOpen() async throws {
        try await withTemporaryDirectory { directory in
            let storage = try TabStorage(dataDirectory: directory)
            let registry = TabRegistry()
            let tab = registry.makeTab()
            try FileManager.default.createDirectory(at: storage.folder(of: tab.id), withIntermediateDirectories: true)
            // Opened three days ago and in use ever since; the retention is a day.
            try FileManager.default.setAttributes(
                [.modificationDate: Date().addingTimeInterval(-3 * 24 * 3600)],
                ofItemAtPath: storage.folder(of: tab.id).path
            )
            let retention = Duration.seconds(24 * 3600)
            let logger = Logger(label: "sweep")
            let running = TabDataSweeper(storage: storage, retention: retention, registry: registry, logger: logger)
            #expect(running.sweep() == 0)
            // The server crashed with the tab open: the restarted one has no tab open, and the page may come back.
            let restarted = TabDataSweeper(
                storage: storage,
                retention: retention,
                registry: TabRegistry(),
                logger: logger
            )
            #expect(restarted.sweep() == 0)
            #expect(storage.isKept(tabID: tab.id))
        }
    }
}
