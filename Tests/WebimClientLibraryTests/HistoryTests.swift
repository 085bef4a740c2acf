import Foundation
import Synchronization
import TestSupport
import Testing
import WebimClientLibrary
import WebimWire

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

    /// Pages smaller than the service's: what an answer held beyond the page is served next from memory while
    /// it is still being stored, and everything ends up stored, in order.
    @Test func smallPagesFromTheServiceAreContiguousAndAllStored() async throws {
        try await withTemporaryDirectory { directory in
            let storage = directory.appendingPathComponent("paging-visitor")
            let paged = Mutex<[String]>([])
            try await ManualChat.with(scenario: Self.seeded, storage: storage, startingChat: false) { chat in
                let newest = try await chat.harness.newTracker(lastMessages: 10)
                var older: [String] = []
                var sizes: [Int] = []
                while true {
                    let page = try await chat.harness.nextMessageIDs(limit: 30)
                    if page.isEmpty { break }
                    sizes.append(page.count)
                    older = page + older
                }
                #expect(sizes.dropLast().allSatisfy { $0 == 30 }, "\(sizes)")
                let all = try await chat.harness.allMessageIDs()
                #expect(all.count == 250)
                // From the very first message on, without a gap or a repeat; what the pages did not return
                // reached the listener as `added` while history arrived.
                #expect(older == Array(all.prefix(older.count)))
                let announced = chat.harness.listener.latest.withLock { Set($0.keys) }
                #expect(Set(older).union(newest).union(announced) == Set(all))
                paged.withLock { $0 = all }
            }
            // No service now: the store alone pages back through the same history.
            let offline = SessionHarness()
            try await offline.start(accountURL: "http://127.0.0.1:9", storage: storage, location: "manual")
            var stored = try await offline.newTracker(lastMessages: 30)
            while true {
                let page = try await offline.nextMessageIDs(limit: 30)
                if page.isEmpty { break }
                stored = page + stored
            }
            try await offline.destroy()
            #expect(stored == paged.withLock { $0 })
        }
    }

    /// The page before the one shown is asked for at once, so scrolling on shows it without another request:
    /// here the service can no longer be reached by then.
    @Test func theNextOlderPageIsReadyBeforeTheVisitorAsks() async throws {
        try await Self.withPagingVisitor { harness, plan in
            // The first answer holds the newest 100 of 250; the tracker shows 10 of them.
            _ = await eventually(within: .seconds(10)) { await plan.requests(to: WireEndpoint.history) > 0 }
            let newest = try await harness.newTracker(lastMessages: 10)
            let asked = await plan.requests(to: WireEndpoint.history)
            // 151–240 stored and 51–150 fetched: 141–240 shown, 51–140 kept, 1–50 asked for ahead.
            let page = try await harness.nextMessageIDs(limit: 100)
            #expect(page.count == 100)
            let prefetched = await eventually(within: .seconds(10)) {
                await plan.requests(to: WireEndpoint.history) >= asked + 2
            }
            #expect(prefetched)
            await plan.inject(.status(502), on: WireEndpoint.history, times: 100)
            // 51–140 kept and 1–50 asked for ahead: a full page though the service cannot be reached.
            let older = try await harness.nextMessageIDs(limit: 100)
            #expect(older.count == 100)
            let oldest = try await harness.nextMessageIDs(limit: 100)
            #expect(oldest.count == 40)
            #expect(Set(oldest + older + page + newest).count == 250)
        }
    }

    /// A page asked for ahead may be older than the store by the time the visitor asks for it (one of its
    /// messages edited since, say), so after any stored change it is asked for again.
    @Test func aPageAskedForAheadIsAskedForAgainOnceAStoredMessageChanged() async throws {
        try await Self.withPagingVisitor { harness, plan in
            @Sendable func olderPagesAskedFor() async -> Int {
                await plan.requests(to: WireEndpoint.history, carrying: WireParameter.beforeTimestamp)
            }
            _ = await eventually(within: .seconds(10)) { await plan.requests(to: WireEndpoint.history) > 0 }
            let newest = try await harness.newTracker(lastMessages: 10)
            // 51–150 fetched for this page, and 1–50 asked for ahead.
            let page = try await harness.nextMessageIDs(limit: 100)
            #expect(page.count == 100)
            #expect(await eventually(within: .seconds(10)) { await olderPagesAskedFor() == 2 })
            let sent = try await harness.send("Newer than every page")
            _ = await harness.listener.events.first {
                $0 == .changed(id: sent, text: "Newer than every page", status: .sent)
            }
            let older = try await harness.nextMessageIDs(limit: 100)
            #expect(older.count == 100)
            #expect(await olderPagesAskedFor() == 3)
            let oldest = try await harness.nextMessageIDs(limit: 100)
            #expect(oldest.count == 40)
            #expect(Set(oldest + older + page + newest).count == 250)
        }
    }

    @Test func historyIsStoredLocallyAndShownAtOnceAfterARestart() async throws {
        try await withTemporaryDirectory { directory in
            let storage = directory.appendingPathComponent("kept-visitor")
            let before = try await ManualChat.storedConversation(in: storage)
            #expect(before.count == 2)
            // No service at all now: the stored history still answers.
            let offline = SessionHarness()
            try await offline.start(accountURL: "http://127.0.0.1:9", storage: storage, location: "manual")
            #expect(try await offline.newTracker(lastMessages: 10) == before)
            try await offline.destroy()
        }
    }

    /// A session on the seeded 250-message history, reaching the service through a fault proxy; destroyed after.
    private static func withPagingVisitor(
        _ body: @escaping @Sendable (SessionHarness, FaultPlan) async throws -> Void
    ) async throws {
        try await withTemporaryDirectory { directory in
            try await LiveStack.withService(
                dataDirectory: directory,
                holdTimeout: .seconds(1),
                scenarios: ["manual": ManualChat.scenario(location: "", extra: Self.seeded)]
            ) { service in
                let plan = FaultPlan()
                try await FaultProxy.with(target: service, plan: plan) { proxy in
                    let harness = SessionHarness()
                    try await harness.start(
                        accountURL: proxy,
                        storage: directory.appendingPathComponent("visitor"),
                        location: "manual"
                    )
                    try await body(harness, plan)
                    try await harness.destroy()
                }
            }
        }
    }
}
