import Foundation
import HTTPAPI
import Logging
import NIOHTTP1
import TestSupport
import Testing
import WebimWire

@testable import WebimService

/// The bytes a visitor may store hold across their chats, the data folder refuses new bytes past its budget, and a
/// visitor with files is forgotten, files and all, after the retention.
@Suite struct StorageBudgetTests {
    static let png = FileConformanceTests.png
    /// Two of the test's pictures, and 8 KB for what their two chats log (each message, chat and close is stored as
    /// its delta items too).
    static let twoFiles = StorageBudgets(
        visitorBytes: Int64(png.count) * 2 + 8 * 1024,
        folderBytes: 1 << 40,
        retention: .seconds(3600)
    )

    /// Two of the test's pictures, uploaded and not sent (no message, nothing logged), and a hundred bytes.
    static let twoUnsentFiles = StorageBudgets(
        visitorBytes: Int64(png.count) * 2 + 100,
        folderBytes: 1 << 40,
        retention: .seconds(3600)
    )

    @Test func aVisitorWhoClosesTheChatAndStartsAnotherCannotPassTheBudget() async throws {
        try await Self.withService(Self.twoFiles) { base, serviceDirectory in
            let visitor = try await ServiceClient.start(base)
            for index in 0..<2 {
                let sent = try await FileConformanceTests.upload(
                    visitor,
                    name: "p\(index).png",
                    type: "image/png",
                    bytes: Self.png,
                    clientSideID: "file\(index)"
                )
                #expect(sent.error == nil)
                // A new chat each time: the count of files per chat starts again, the budget does not.
                #expect(try await visitor.action("chat.close").error == nil)
            }
            let third = try await FileConformanceTests.upload(
                visitor,
                name: "p2.png",
                type: "image/png",
                bytes: Self.png,
                clientSideID: "file2"
            )
            #expect(third.error == WireError.visitorBudgetExceeded)
            let unsent = try await FileConformanceTests.upload(
                visitor,
                name: "p3.png",
                type: "image/png",
                bytes: Self.png
            )
            #expect(unsent.error == WireError.visitorBudgetExceeded)
            // Message text counts too: fifty bytes fit in what is left, ten thousand do not.
            let short = try await visitor.action(
                "chat.message",
                [("client-side-id", "text0"), ("message", String(repeating: "a", count: 50))]
            )
            #expect(short.error == nil)
            let long = try await visitor.action(
                "chat.message",
                [("client-side-id", "text1"), ("message", String(repeating: "b", count: 10_000))]
            )
            #expect(long.error == WireError.visitorBudgetExceeded)
            let shown = try await visitor.console(.GET, "")
            // A retry of what was stored is answered as before, not refused, and charged nothing.
            let retry = try await visitor.action(
                "chat.message",
                [("client-side-id", "text0"), ("message", String(repeating: "a", count: 50))]
            )
            #expect(retry.error == nil)
            #expect(try await visitor.console(.GET, "")["storage"] == shown["storage"])
            // The console shows the visitor near their budget: the two files, the fifty bytes and what was logged.
            let used = try #require(shown["storage"]?["usedBytes"]?.intValue)
            #expect(used > Int64(Self.png.count) * 2 + 50 && used <= Self.twoFiles.visitorBytes)
            #expect(shown["storage"]?["budgetBytes"] == .int(Self.twoFiles.visitorBytes))
            // No refused file stayed on disk.
            let files = serviceDirectory.appendingPathComponent("files")
            #expect(try FileManager.default.contentsOfDirectory(atPath: files.path).count == 2)
        }
    }

    @Test func theBudgetHoldsAcrossARestart() async throws {
        try await withTemporaryDirectory { directory in
            let device = UUID().uuidString
            let run: @Sendable (@Sendable (String) async throws -> Void) async throws -> Void = { body in
                try await LiveStack.withService(
                    dataDirectory: directory,
                    holdTimeout: .seconds(2),
                    adjust: { $0.storageBudgets = Self.twoUnsentFiles },
                    body
                )
            }
            try await run { base in
                let visitor = try await ServiceClient.start(base, device: device)
                for index in 0..<2 {
                    let name = "p\(index).png"
                    let sent = try await FileConformanceTests.upload(
                        visitor,
                        name: name,
                        type: "image/png",
                        bytes: Self.png
                    )
                    #expect(sent.error == nil)
                }
            }
            // The same visitor after the service restarted: the count was on disk, not in memory.
            try await run { base in
                let visitor = try await ServiceClient.start(base, device: device)
                let third = try await FileConformanceTests.upload(
                    visitor,
                    name: "p2.png",
                    type: "image/png",
                    bytes: Self.png
                )
                #expect(third.error == WireError.visitorBudgetExceeded)
            }
        }
    }

    @Test func aRetriedOfflineMessageWithAFileIsChargedAndStoredOnce() async throws {
        try await Self.withService(Self.twoFiles) { base, serviceDirectory in
            let visitor = try await ServiceClient.start(base, location: "offline")
            let fields =
                [("action", "chat.offline_message"), ("text", "Please call"), ("client-side-id", "off1")] + visitor.auth
            let body = HTTP.multipart(boundary: "b0undary", fields: fields, file: ("a.png", "image/png", Self.png))
            var charged: [JSONValue?] = []
            for _ in 0..<2 {
                let answer = try await HTTP.raw(
                    base + WireEndpoint.action,
                    method: .POST,
                    headers: [("Content-Type", "multipart/form-data; boundary=b0undary")],
                    body: body
                )
                #expect(try JSONDecoder().decode(ActionResponse.self, from: answer.body).error == nil)
                charged.append(try await visitor.console(.GET, "")["storage"]?["usedBytes"])
            }
            let files = serviceDirectory.appendingPathComponent("files")
            #expect(try FileManager.default.contentsOfDirectory(atPath: files.path).count == 1)
            // The file and the text, with what the message logged; the retry charged nothing more.
            #expect(charged[0] == charged[1])
            let stored = try #require(charged[0]?.intValue)
            #expect(stored > Int64(Self.png.count) + Int64("Please call".utf8.count))
        }
    }

    @Test func aServiceOverItsFolderBudgetRefusesNewBytes() async throws {
        let full = StorageBudgets(visitorBytes: 1 << 30, folderBytes: 1024, retention: .seconds(3600))
        try await Self.withService(full) { base, _ in
            let visitor = try await ServiceClient.start(base)
            let upload = try await FileConformanceTests.upload(
                visitor,
                name: "p.png",
                type: "image/png",
                bytes: Self.png,
                clientSideID: "file0"
            )
            #expect(upload.error == WireError.storageBudgetExceeded)
            let message = try await visitor.action("chat.message", [("client-side-id", "text0"), ("message", "Hello")])
            #expect(message.error == WireError.storageBudgetExceeded)
        }
    }

    @Test func aVisitorWithFilesIsForgottenWithTheirFilesAfterTheRetention() async throws {
        try await Self.withService(.site) { base, serviceDirectory in
            let visitor = try await ServiceClient.start(base)
            let sent = try await FileConformanceTests.upload(
                visitor,
                name: "p.png",
                type: "image/png",
                bytes: Self.png,
                clientSideID: "file0"
            )
            #expect(sent.error == nil)
            let filesDirectory = serviceDirectory.appendingPathComponent("files")
            let database = try ServiceDatabase(directory: serviceDirectory)
            let files = try FileStore(
                directory: filesDirectory,
                usage: DataFolderUsage(databaseDirectory: serviceDirectory, filesDirectory: filesDirectory),
                clock: .system
            )
            let pruner = IdleVisitorPruner(
                database: database,
                retention: .seconds(600),
                logger: Logger(label: "t"),
                chattedRetention: .seconds(3600),
                files: files
            )
            // The test's clock is the `now` it gives: within the retention the visitor stays, past it they go.
            #expect(try await pruner.prune(now: Date().addingTimeInterval(1800)) == 0)
            #expect(try await database.visitor(id: visitor.visitorID) != nil)
            #expect(try await pruner.prune(now: Date().addingTimeInterval(3660)) == 1)
            #expect(try await database.visitor(id: visitor.visitorID) == nil)
            #expect(try FileManager.default.contentsOfDirectory(atPath: filesDirectory.path).isEmpty)
        }
    }

    /// Runs the service over HTTP with `budgets`, giving `body` its URL and its data folder.
    private static func withService(
        _ budgets: StorageBudgets,
        _ body: @Sendable (String, URL) async throws -> Void
    ) async throws {
        try await withTemporaryDirectory { directory in
            try await LiveStack.withService(
                dataDirectory: directory,
                holdTimeout: .seconds(2),
                adjust: { $0.storageBudgets = budgets }
            ) { base in try await body(base, directory.appendingPathComponent("service")) }
        }
    }
}
