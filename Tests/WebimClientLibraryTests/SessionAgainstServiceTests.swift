import Foundation
import TestSupport
import Testing
import WebimClientLibrary

/// The client core against the embedded service over real HTTP.
@Suite struct SessionAgainstServiceTests {
    @Test func sentMessageGoesFromSendingToSentAndTheOperatorAnswers() async throws {
        try await withTemporaryDirectory { directory in
            try await LiveStack.withService(dataDirectory: directory) { base in
                let harness = SessionHarness()
                try await harness.start(accountURL: base, storage: directory.appendingPathComponent("visitor"))
                let events = harness.listener.events
                let id = try await harness.send("Where is my order?")
                let added = await events.first {
                    if case .added(id, _, .sending, .visitorMessage) = $0 { true } else { false }
                }
                #expect(added != nil)
                // The scenario's operator may join before or after the service confirms the message.
                let confirmedAndJoined = await withTimeout(.seconds(15)) {
                    var (sent, joined) = (false, false)
                    for await event in events {
                        if event == .changed(id: id, text: "Where is my order?", status: .sent) { sent = true }
                        if case .operatorChanged(name: .some) = event { joined = true }
                        if sent, joined { return true }
                    }
                    return nil
                }
                #expect(confirmedAndJoined == true)
                let reply = await events.first {
                    if case .added(_, let text, .sent, .operatorMessage) = $0 {
                        text.contains("Where is my order?")
                    } else {
                        false
                    }
                }
                #expect(reply != nil)
                try await harness.destroy()
            }
        }
    }

    @Test func messageSentWhileTheServiceIsDownIsDeliveredOnceAfterARestart() async throws {
        try await withTemporaryDirectory { directory in
            let storage = directory.appendingPathComponent("visitor")
            // Nothing listens on port 9 (discard) on loopback: the send can only wait in the outbox.
            let offline = SessionHarness()
            try await offline.start(accountURL: "http://127.0.0.1:9", storage: storage)
            let id = try await offline.send("Sent while offline")
            let shownAsSending = await offline.listener.events.first {
                if case .added(id, _, .sending, _) = $0 { true } else { false }
            }
            #expect(shownAsSending != nil)
            try await offline.destroy()

            try await LiveStack.withService(dataDirectory: directory) { base in
                let online = SessionHarness()
                try await online.start(accountURL: base, storage: storage)
                let delivered = await online.listener.events.first {
                    $0 == .changed(id: id, text: "Sent while offline", status: .sent)
                }
                #expect(delivered != nil)
                let texts = try await online.lastMessages()
                #expect(texts.filter { $0 == "Sent while offline" }.count == 1)
                try await online.destroy()
            }
        }
    }

    @Test func callsOffTheExecutorAndAfterDestroyAreRefused() async throws {
        try await withTemporaryDirectory { directory in
            let harness = SessionHarness()
            try await harness.start(accountURL: "http://127.0.0.1:9", storage: directory)
            let box = try #require(await harness.box())
            #expect(harness.sendFromOutside(box) as? AccessError == .invalidThread)
            try await harness.destroy()
            await #expect(throws: AccessError.invalidSession) { try await harness.send("too late") }
        }
    }
}
