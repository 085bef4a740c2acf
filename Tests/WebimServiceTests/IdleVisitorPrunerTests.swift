import Foundation
import Logging
import TestSupport
import Testing

@testable import WebimService

/// Visitors that only loaded a page are forgotten after the retention; anyone who chatted is kept.
@Suite struct IdleVisitorPrunerTests {
    @Test func visitorsWithoutAChatAreForgottenAfterTheRetention() async throws {
        try await withTemporaryDirectory { directory in
            try await LiveStack.withService(dataDirectory: directory, holdTimeout: .seconds(2)) { base in
                try await Self.pruneOnce(base, serviceDirectory: directory.appendingPathComponent("service"))
            }
        }
    }

    static func pruneOnce(_ base: String, serviceDirectory: URL) async throws {
        let idle = try await ServiceClient.start(base)
        let chatting = try await ServiceClient.start(base)
        _ = try await chatting.action("chat.start", [("client-side-id", "0123456789abcdef0123456789abcdef")])
        let database = try ServiceDatabase(directory: serviceDirectory)
        let pruner = IdleVisitorPruner(database: database, retention: .seconds(3600), logger: Logger(label: "t"))
        // Within the retention nobody goes; an hour and a minute later only the visitor who never chatted does.
        #expect(try await pruner.prune(now: Date()) == 0)
        #expect(try await pruner.prune(now: Date().addingTimeInterval(3660)) == 1)
        #expect(try await database.visitor(id: idle.visitorID) == nil)
        #expect(try await database.visitor(id: chatting.visitorID) != nil)
    }
}
