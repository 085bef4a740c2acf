import Foundation
import NIOHTTP1
import TestSupport
import Testing
import WebimWire

/// A restart mid-chat loses nothing and duplicates nothing (issue: "a restart loses nothing").
@Suite struct RestartTests {
    @Test func missedChangesSurviveARestartExactlyOnce() async throws {
        try await withTemporaryDirectory { directory in
            let (page, revision) = try await LiveStack.withService(dataDirectory: directory, holdTimeout: .seconds(2)) {
                base in
                let client = try await ServiceClient.start(base, location: "manual", device: "restart")
                _ = try await client.action("chat.message", [("client-side-id", "r1"), ("message", "First")])
                try await client.console(.POST, "/join", #"{"operatorId":2}"#)
                try await client.console(.POST, "/messages", #"{"text":"Answer"}"#)
                _ = try await client.action("chat.message", [("client-side-id", "r2"), ("message", "Second")])
                _ = try await client.action("chat.message", [("client-side-id", "r2"), ("message", "Second, edited")])
                #expect(try await client.waitForMessage { $0.text == "Second" } != nil)
                return (client.page, await client.since)
            }
            try await LiveStack.withService(dataDirectory: directory, holdTimeout: .seconds(2)) { base in
                let auth = [("page-id", page.pageId), ("auth-token", page.authToken)]
                let all = try await HTTP.get(
                    "\(base)\(WireEndpoint.delta)?\(WireForm.encode([("since", "1")] + auth))",
                    as: DeltaResponse.self
                )
                #expect(all.revision == revision)
                let added = (all.deltaList ?? []).filter { $0.objectType == "CHAT_MESSAGE" && $0.event == "add" }
                #expect(added.compactMap { $0.data?["text"]?.stringValue } == ["First", "Answer", "Second"])
                #expect(Set(added.map(\.id)).count == added.count)
                let history = try await HTTP.get(
                    "\(base)\(WireEndpoint.history)?\(WireForm.encode(auth))",
                    as: HistorySinceResponse.self
                )
                #expect(history.data?.messages?.map(\.text) == ["First", "Answer", "Second, edited"])
                // The visitor carries on: a retried send is still one message, a new one gets the next revision.
                let retry = [("action", "chat.message"), ("client-side-id", "r1"), ("message", "First")] + auth
                #expect(
                    try await HTTP.postForm(base + WireEndpoint.action, retry, as: ActionResponse.self).error == nil
                )
                let next = [("action", "chat.message"), ("client-side-id", "r3"), ("message", "Third")] + auth
                #expect(try await HTTP.postForm(base + WireEndpoint.action, next, as: ActionResponse.self).error == nil)
                let after = try await HTTP.get(
                    "\(base)\(WireEndpoint.delta)?\(WireForm.encode([("since", String(revision))] + auth))",
                    as: DeltaResponse.self
                )
                let texts = (after.deltaList ?? []).compactMap { $0.data?["text"]?.stringValue }
                #expect(texts == ["Third"])
            }
        }
    }
}
