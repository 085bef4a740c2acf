import Foundation
import HTTPAPI
import TestSupport
import Testing
import WidgetServer

/// What a second browser tab of the same visitor reads (`GET /api/tabs/{tab}/snapshot`), and what lets a browser
/// forget a kept credential in time (its `expires`).
@Suite struct TabSnapshotRouteTests {
    /// Opens a tab the page names and says something; returns once the service has it. No operator answers (the
    /// `manual` location): what the tab holds is what the test said.
    private static func tabWithMessage(_ client: WidgetClient) async throws -> (tab: String, stream: SSEReader) {
        let tab = RandomToken.make(byteCount: 16)
        #expect(try await client.post("/api/tabs/\(tab)", #"{"location":"manual"}"#).status == 201)
        let stream = try await client.events(tab)
        #expect(
            try await client.post("/api/tabs/\(tab)/messages", #"{"text":"First","clientId":"first-00001"}"#).status
                == 202
        )
        let sent = await stream.waitFor {
            $0.message?["text"] as? String == "First" && $0.message?["sendStatus"] as? String == "sent"
        }
        #expect(sent != nil)
        return (tab, stream)
    }

    @Test func theSnapshotIsTheStreamsFirstEventAndTheRelayedEventsGoOnFromItsID() async throws {
        try await LiveStack.withStack { stack in
            let client = WidgetClient(stack)
            let (tab, leader) = try await Self.tabWithMessage(client)
            defer { leader.close() }
            let answer = try await client.get("/api/tabs/\(tab)/snapshot")
            #expect(answer.status == 200)
            #expect(answer.headers["cache-control"] == "no-store")
            let eventID = try #require(answer.json["eventId"] as? String)
            let snapshot = try #require(answer.json["snapshot"] as? [String: Any])
            let texts = (snapshot["messages"] as? [[String: Any]] ?? []).compactMap { $0["text"] as? String }
            #expect(texts == ["First"])
            #expect(snapshot["credential"] is String)
            // Nothing said after the snapshot is in it; a stream from its id carries exactly that, with no snapshot.
            #expect(
                try await client.post("/api/tabs/\(tab)/messages", #"{"text":"Second","clientId":"second-0001"}"#)
                    .status == 202
            )
            let follower = try await client.events(tab, query: "?after=\(eventID)")
            defer { follower.close() }
            let first = await follower.next()
            #expect(first?.name != "snapshot")
            let second = await follower.waitFor { $0.message?["text"] as? String == "Second" }
            #expect(second != nil)
            // What the snapshot had is not added again (it may change: the operator reads it).
            let again = await follower.waitFor(timeout: .milliseconds(300)) {
                $0.name == "snapshot" || $0.name == "message.added" && $0.message?["text"] as? String == "First"
            }
            #expect(again == nil)
        }
    }

    @Test func aTabThatIsNotOpenHasNoSnapshot() async throws {
        try await WidgetClient.withWidgetAlone { client in
            let answer = try await client.get("/api/tabs/\(RandomToken.make(byteCount: 16))/snapshot")
            #expect(answer.status == 404)
            #expect(answer.errorCode == "unknown_tab")
        }
    }

    @Test func aCredentialSaysWhenItExpiresTheRetentionFromNow() async throws {
        @Sendable func threeDaysRetention(_ configuration: inout WidgetConfiguration) {
            configuration.tabDataRetention = .seconds(3 * 24 * 3600)
        }
        try await LiveStack.withStack(adjust: threeDaysRetention) { stack in
            let client = WidgetClient(stack)
            let before = Int64(Date().timeIntervalSince1970)
            let (tab, stream) = try await Self.tabWithMessage(client)
            defer { stream.close() }
            let snapshot = try #require(
                try await client.get("/api/tabs/\(tab)/snapshot").json["snapshot"] as? [String: Any]
            )
            let expires = try #require((snapshot["credentialExpires"] as? NSNumber)?.int64Value)
            let after = Int64(Date().timeIntervalSince1970)
            #expect(expires >= before + 3 * 24 * 3600 && expires <= after + 3 * 24 * 3600)
            let fresh = try await client.events(tab)
            defer { fresh.close() }
            #expect(await fresh.waitFor { $0.name == "snapshot" }?.json["credentialExpires"] is NSNumber)
        }
    }
}
