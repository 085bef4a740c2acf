import Foundation
import TestSupport
import Testing
import WebimClientLibrary

/// `pause`/`resume`, `change(location:)`, `destroyWithClearVisitorData`, and files that wait through a restart.
@Suite struct SessionLifecycleTests {
    @Test func pausedSessionHearsNothingUntilResumed() async throws {
        try await ManualChat.with { chat in
            try await chat.operatorJoins()
            try await chat.harness.run { session, _ in try session.pause() }
            // The poll in flight may still bring the first message; after it, nothing until `resume()`.
            try await chat.operatorSays("Ends the poll in flight")
            try await chat.console.post(visitor: chat.visitorID, "messages", ["text": "While paused"])
            let whilePaused = await chat.events.first(within: .seconds(3)) { event in
                if case .added(_, "While paused", _, _) = event { true } else { false }
            }
            #expect(whilePaused == nil)
        }
    }

    @Test func resumedSessionCatchesUpOnWhatItMissed() async throws {
        try await ManualChat.with { chat in
            try await chat.operatorJoins()
            try await chat.harness.run { session, _ in try session.pause() }
            try await chat.operatorSays("Ends the poll in flight")
            try await chat.console.post(visitor: chat.visitorID, "messages", ["text": "Missed"])
            try await chat.harness.run { session, _ in try session.resume() }
            let caughtUp = await chat.events.first { event in
                if case .added(_, "Missed", .sent, .operatorMessage) = event { true } else { false }
            }
            #expect(caughtUp != nil)
        }
    }

    @Test func changingTheLocationInitsThereAtOnce() async throws {
        try await ManualChat.with(startingChat: false) { chat in
            #expect(await chat.saw(.visitState(.idle)))
            try await chat.harness.run { session, _ in try session.change(location: "second") }
            #expect(await chat.saw(.departments(["desk"])))
        }
    }

    @Test func destroyWithClearVisitorDataLeavesNothingBehind() async throws {
        try await withTemporaryDirectory { directory in
            let storage = directory.appendingPathComponent("kiosk-visitor")
            try await ManualChat.with(storage: storage) { chat in
                _ = try await chat.sendConfirmed("Private")
                #expect(FileManager.default.fileExists(atPath: storage.appendingPathComponent("history").path))
                try await chat.harness.run { session, _ in try session.destroyWithClearVisitorData() }
                #expect(!FileManager.default.fileExists(atPath: storage.path))
                await #expect(throws: AccessError.invalidSession) { try await chat.harness.send("After") }
            }
        }
    }

    @Test func fileSentWhileTheServiceIsDownIsUploadedOnceAfterARestart() async throws {
        try await withTemporaryDirectory { directory in
            let storage = directory.appendingPathComponent("visitor")
            let offline = SessionHarness()
            try await offline.start(accountURL: "http://127.0.0.1:9", storage: storage)
            let id = try await offline.run { _, stream in
                try stream.send(
                    file: FileTests.png,
                    filename: "later.png",
                    mimeType: "image/png",
                    completionHandler: nil
                )
            }
            let waiting = await offline.listener.events.first {
                if case .added(id, _, .sending, .fileFromVisitor) = $0 { true } else { false }
            }
            #expect(waiting != nil)
            try await offline.destroy()

            try await LiveStack.withService(dataDirectory: directory) { service in
                let online = SessionHarness()
                try await online.start(accountURL: service, storage: storage)
                let delivered = await online.listener.events.first {
                    if case .changed(id, _, .sent) = $0 { true } else { false }
                }
                #expect(delivered != nil)
                #expect(online.listener.message(id)?.getAttachment()?.getFileName() == "later.png")
                let waitingFiles = storage.appendingPathComponent("outbox-files")
                #expect((try? FileManager.default.contentsOfDirectory(atPath: waitingFiles.path))?.isEmpty ?? true)
                try await online.destroy()
            }
        }
    }
}
