import Foundation
import TestSupport
import Testing

/// The service's write-ahead log reaches the database file in the background, not inside a visitor's change.
@Suite struct LogCheckpointTests {
    @Test func messagesReachTheDatabaseFileWhileTheServiceRuns() async throws {
        try await withTemporaryDirectory { directory in
            try await LiveStack.withService(dataDirectory: directory) { base in
                let client = try await ServiceClient.start(base, location: "manual", device: "checkpoint")
                let file = try #require(Self.databaseFile(in: directory))
                let before = Self.size(of: file)
                for index in 0..<20 {
                    let fields = [("client-side-id", "c\(index)"), ("message", String(repeating: "text ", count: 200))]
                    _ = try await client.action("chat.message", fields)
                }
                // A commit checkpoints by itself only past 16,384 log pages, far more than these messages take:
                // the file grows only if the background checkpoint runs.
                let grew = await eventually(within: .seconds(10)) { Self.size(of: file) > before }
                #expect(grew, "service.sqlite stayed at \(before) bytes: the log was never checkpointed")
            }
        }
    }

    private static func databaseFile(in directory: URL) -> URL? {
        let files = FileManager.default.enumerator(at: directory, includingPropertiesForKeys: nil)
        return files?.compactMap { $0 as? URL }.first { $0.lastPathComponent == "service.sqlite" }
    }

    private static func size(of file: URL) -> Int {
        ((try? FileManager.default.attributesOfItem(atPath: file.path))?[.size] as? NSNumber)?.intValue ?? 0
    }
}
