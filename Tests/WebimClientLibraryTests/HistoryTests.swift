import Foundation
import Synchronization
import TestSupport
import Testing
import WebimClientLibrary

/// History (PROTOCOL.md §6): paging back through the service, and local history in SQLite.
@Suite struct HistoryTests {
    static let seeded = #""history": {"messages": 250, "messagesPerChat": 50}"#

    @Test func wholeHistoryIsFetchedPageByPageThenPagedLocallyWithoutGapsOrRepeats() async throws {
        try await ManualChat.with(scenario: Self.seeded, startingChat: false) { chat in
            let all = try await chat.harness.allMessageIDs()
            #expect(all.count == 250)
            #expect(Set(all).count == 250)
            // Everything is stored now: a new tracker pages back through SQLite alone.
            let newest = try await chat.harness.newTracker(lastMessages: 20)
            #expect(newest == Array(all.suffix(20)))
            var older: [String] = []
            while true {
                let page = try await chat.harness.nextMessageIDs(limit: 100)
                if page.isEmpty { break }
                older = page + older
            }
            #expect(older + newest == all)
        }
    }

    @Test func olderPagesComeFromTheServiceWhenLocalHistoryRunsOut() async throws {
        try await ManualChat.with(scenario: Self.seeded, startingChat: false) { chat in
            var seen: [String] = try await chat.harness.newTracker(lastMessages: 10)
            while true {
                let page = try await chat.harness.nextMessageIDs(limit: 60)
                if page.isEmpty { break }
                #expect(page.count <= 60)
                seen = page + seen
            }
            // What the pages did not return reached the listener as `added` while history arrived.
            let announced = chat.harness.listener.latest.withLock { Set($0.keys) }
            #expect(Set(seen).count == seen.count)
            #expect(Set(seen).union(announced).count == 250)
        }
    }

    @Test func historyIsStoredLocallyAndShownAtOnceAfterARestart() async throws {
        try await withTemporaryDirectory { directory in
            let storage = directory.appendingPathComponent("kept-visitor")
            let kept = Mutex<[String]>([])
            try await ManualChat.with(storage: storage) { chat in
                try await chat.operatorJoins()
                _ = try await chat.sendConfirmed("First")
                try await chat.operatorSays("Second")
                let shown = try await chat.harness.newTracker(lastMessages: 10)
                kept.withLock { $0 = shown }
            }
            let before = kept.withLock { $0 }
            #expect(before.count == 2)
            // No service at all now: the stored history still answers.
            let offline = SessionHarness()
            try await offline.start(accountURL: "http://127.0.0.1:9", storage: storage, location: "manual")
            #expect(try await offline.newTracker(lastMessages: 10) == before)
            try await offline.destroy()
        }
    }
}
