import Foundation
import TestSupport
import Testing

@testable import WebimService

/// A message the service answered for is on disk: its database syncs its log before a commit returns.
@Suite struct DurabilityTests {
    @Test func theServiceCommitsOnlyWhatIsSyncedToDisk() async throws {
        try await withTemporaryDirectory { directory in
            let database = try ServiceDatabase(directory: directory)
            // 2 is FULL; GRDB's default for WAL is NORMAL (1), which a power cut can take a commit back from.
            #expect(try await database.writerSynchronousMode() == 2)
        }
    }
}
