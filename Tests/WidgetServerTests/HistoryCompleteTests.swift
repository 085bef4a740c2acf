import Foundation
import TestSupport
import Testing

@testable import WidgetServer

/// A tab stops offering older messages as soon as the core knows there are none, before anyone asks for them: a new
/// visitor's first message must not come with a "Load older messages" that loads nothing.
@Suite struct HistoryCompleteTests {
    @Test func aNewVisitorsTabSaysThatNothingIsOlder() async throws {
        try await LiveStack.withStack { stack in
            let client = WidgetClient(stack)
            let tab = try await client.createTab()
            let stream = try await client.events(tab)
            let snapshot = try #require(await stream.next())
            var complete = snapshot.json["hasMoreHistory"] as? Bool == false
            _ = try await client.post("/api/tabs/\(tab)/messages", #"{"text":"Hello","clientId":"first-0001"}"#)
            var completions = 0
            var sawReply = false
            while !sawReply, let event = await stream.next() {
                if event.name == "history.complete" {
                    completions += 1
                    #expect(event.data == "{}")
                }
                sawReply = event.message?["type"] as? String == "operator"
            }
            #expect(sawReply)
            complete = complete || completions == 1
            #expect(complete, "neither the snapshot nor an event said that the history is complete")
            #expect(completions <= 1)
            let now = try await client.get("/api/tabs/\(tab)/snapshot")
            let current = try #require(now.json["snapshot"] as? [String: Any])
            #expect(current["hasMoreHistory"] as? Bool == false)
            #expect((current["messages"] as? [[String: Any]])?.isEmpty == false)
            stream.close()
        }
    }

    @Test func aVisitorWithOlderHistoryIsStillOfferedIt() async throws {
        try await LiveStack.withStack(scenarios: ShortHistory.scenarios) { stack in
            let client = WidgetClient(stack)
            let tab = try await client.createTab(location: ShortHistory.location)
            let stream = try await client.events(tab)
            _ = await stream.next()
            _ = try await client.post("/api/tabs/\(tab)/messages", #"{"text":"Hi","clientId":"older-0001"}"#)
            var names: [String] = []
            while let event = await stream.next() {
                names.append(event.name)
                if event.message?["text"] as? String == "Noted." { break }
            }
            #expect(names.contains("message.added"))
            #expect(!names.contains("history.complete"))
            let now = try await client.get("/api/tabs/\(tab)/snapshot")
            let current = try #require(now.json["snapshot"] as? [String: Any])
            #expect(current["hasMoreHistory"] as? Bool == true)
            stream.close()
        }
    }
}
