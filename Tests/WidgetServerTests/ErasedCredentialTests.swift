import Foundation
import HTTPAPI
import NIOHTTP1
import TestSupport
import Testing

@testable import WidgetServer

/// An erased tab (a kiosk's reset, consent withdrawn) whose sealed credential is replayed: no server of the
/// deployment, the one that erased it included, shows its conversation again.
@Suite struct ErasedCredentialTests {
    /// Opens `tab` on `server` with `credential`, says something new, and returns every message text the page was
    /// shown until that message was sent (the snapshot's, the history's and each added one), plus the tab's history.
    private static func textsShown(
        on server: WidgetClient,
        tab: String,
        credential: String,
        continuesTheVisitor: Bool
    ) async throws -> [String] {
        let replay = try await server.post("/api/tabs/\(tab)", #"{"credential":"\#(credential)"}"#)
        #expect(replay.status == 201)
        #expect(replay.json["resumed"] as? Bool == continuesTheVisitor)
        let stream = try await server.events(tab)
        defer { stream.close() }
        let probe = "After erasure \(RandomToken.make(byteCount: 4))"
        #expect(
            try await server.post("/api/tabs/\(tab)/messages", #"{"text":"\#(probe)","clientId":"probe-0001"}"#)
                .status == 202
        )
        var texts: [String] = []
        while let event = await stream.next(timeout: .seconds(15)) {
            if let messages = event.json["messages"] as? [[String: Any]] {
                texts += messages.compactMap { $0["text"] as? String }
            }
            if let text = event.message?["text"] as? String { texts.append(text) }
            if event.message?["text"] as? String == probe, event.message?["sendStatus"] as? String == "sent" { break }
        }
        #expect(texts.contains(probe), "the probe was never sent: \(texts)")
        let history = try await server.get("/api/tabs/\(tab)/history?limit=50")
        texts += (history.json["messages"] as? [[String: Any]] ?? []).compactMap { $0["text"] as? String }
        return texts
    }

    @Test func anErasedTabsCredentialShowsItsConversationOnNoServer() async throws {
        try await TabHandOverTests.withTwoServers { serverA, serverB, _ in
            let tab = RandomToken.make(byteCount: 16)
            let credential = try await TabHandOverTests.tabWithCredential(on: serverA, tab: tab)
            #expect(try await serverA.request(.DELETE, "/api/tabs/\(tab)?clear=1").status == 204)
            // Another server of the deployment, which never held the tab.
            let onB = try await Self.textsShown(
                on: serverB,
                tab: tab,
                credential: credential,
                continuesTheVisitor: true
            )
            #expect(!onB.contains("Before"), "server B showed the erased conversation: \(onB)")
            #expect(try await serverB.request(.DELETE, "/api/tabs/\(tab)?clear=1").status == 204)
            // The server that erased it remembers: the credential opens a new visitor there.
            let onA = try await Self.textsShown(
                on: serverA,
                tab: tab,
                credential: credential,
                continuesTheVisitor: false
            )
            #expect(!onA.contains("Before"), "server A showed the erased conversation: \(onA)")
        }
    }

    @Test func aTabClosedBeforeItsResetIsErasedOnTheServiceToo() async throws {
        try await TabHandOverTests.withTwoServers { serverA, serverB, _ in
            let tab = RandomToken.make(byteCount: 16)
            let credential = try await TabHandOverTests.tabWithCredential(on: serverA, tab: tab)
            // The page left (the tab closes, its data kept for resume), then the kiosk resets it.
            #expect(try await serverA.request(.DELETE, "/api/tabs/\(tab)").status == 204)
            #expect(try await serverA.request(.DELETE, "/api/tabs/\(tab)?clear=1").status == 204)
            let onB = try await Self.textsShown(
                on: serverB,
                tab: tab,
                credential: credential,
                continuesTheVisitor: true
            )
            #expect(!onB.contains("Before"), "server B showed the erased conversation: \(onB)")
        }
    }

    @Test func theMarksOfErasedTabsNameNoTabAndGoAfterTheRetention() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(RandomToken.make(byteCount: 8))
        defer { try? FileManager.default.removeItem(at: directory) }
        let erased = ErasedTabs(directory: directory)
        let tab = RandomToken.make(byteCount: 16)
        try erased.record(tabID: tab)
        #expect(erased.contains(tabID: tab))
        #expect(!erased.contains(tabID: RandomToken.make(byteCount: 16)))
        let names = try FileManager.default.contentsOfDirectory(atPath: directory.path)
        #expect(names.count == 1 && !names[0].contains(tab))
        erased.forget(erasedBefore: Date().addingTimeInterval(-60))
        #expect(erased.contains(tabID: tab))
        erased.forget(erasedBefore: Date().addingTimeInterval(60))
        #expect(!erased.contains(tabID: tab))
    }
}
