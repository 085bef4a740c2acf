import Foundation
import GRDB
import TestSupport
import Testing

@testable import WebimClientLibrary

/// A message the widget answered 202 for is on disk: every database the product opens syncs its log before a
/// commit returns (`synchronous = FULL`), a server's shared history store and a visitor's own alike.
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
