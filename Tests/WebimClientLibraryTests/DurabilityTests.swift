import Foundation
import GRDB
import TestSupport
import Testing

@testable import WebimClientLibrary

/// A message the widget answered 202 for is on disk: every database the product opens syncs its log before a
/// commit returns (`synchronous = FULL`), a server's shared history store and a visitor's own alike. A history
/// store's commit of only copies of what the service holds is the exception: it is not synced.
@Suite struct DurabilityTests {
    @Test func historyCommitsAreSynced() async throws {
        try await withTemporaryDirectory { directory in
            for isShared in [true, false] {
                let store = try HistoryStore(
                    path: directory.appendingPathComponent("\(isShared).sqlite").path,
                    isShared: isShared
                )
                #expect(try store.writerSynchronousMode() == 2)
                try store.close()
            }
        }
    }

    @Test func onlyCommitsOfWhatTheServiceDoesNotHoldAreSynced() async throws {
        try await withTemporaryDirectory { directory in
            let store = try HistoryStore(path: directory.appendingPathComponent("shared.sqlite").path, isShared: true)
            let visitor = try HistoryDatabase(store: store, owner: .init(visitorKey: "v", chatInstance: "default"))
            // A received message and the revision it brings are copies of the service's.
            visitor.saveLater(messages: [HistoryStoreTests.message("m", "Hello")]) { _ in }
            visitor.saveLater(historyRevision: "7") { _ in }
            #expect(try visitor.allMessages().map(\.id) == ["m"])
            #expect(try store.writerSynchronousMode() == 1)
            // What the page was answered 202 for exists nowhere else until the service confirms it.
            try visitor.enqueue(outbox: HistoryStoreTests.outbox("c-1", "Sent"))
            #expect(try store.writerSynchronousMode() == 2)
            // Lost in a power cut, a confirmed entry is sent again with its client-side id, which the service keeps once.
            try visitor.removeFromOutbox(clientSideID: "c-1")
            #expect(try store.writerSynchronousMode() == 1)
            try visitor.set("device", forKey: .deviceID)
            #expect(try store.writerSynchronousMode() == 2)
            #expect(try visitor.values()[.historyRevision] == "7")
            try store.close()
        }
    }

    /// The product opens SQLite in these places, held to FULL by the test above and `WebimServiceTests`'
    /// `DurabilityTests` (the background checkpoint's connection commits nothing); a new place must be added there.
    @Test func everyPlaceThatOpensADatabaseIsKnown() throws {
        let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Sources")
        var opening: Set<String> = []
        let files = FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil)
        while let file = files?.nextObject() as? URL {
            guard file.pathExtension == "swift", let text = try? String(contentsOf: file, encoding: .utf8) else {
                continue
            }
            if text.contains("DatabaseQueue(path:") || text.contains("DatabasePool(path:") {
                opening.insert(file.lastPathComponent)
            }
        }
        #expect(opening == ["HistoryStore.swift", "BackgroundCheckpoint.swift", "ServiceDatabase.swift"])
    }
}
