import Synchronization
import TestSupport
import Testing
import WebimClientLibrary

/// `historyCompleteObserver`: told once per tracker, when it shows the visitor's first message or there is none.
@Suite struct HistoryCompleteObserverTests {
    @Test func aNewVisitorsTrackerIsToldOnceThatNothingIsOlder() async throws {
        let (calls, sink) = AsyncStream.makeStream(of: Void.self)
        let count = Mutex(0)
        let observe: @Sendable (SessionBuilder) -> Void = { builder in
            builder.set(historyCompleteObserver: {
                count.withLock { $0 += 1 }
                sink.yield()
            })
        }
        try await ManualChat.with(configure: observe) { chat in
            let told = await withTimeout(.seconds(15)) { await calls.first { _ in true } != nil }
            #expect(told == true, "a new visitor's tracker was never told that its history is complete")
            _ = try await chat.harness.send("Hello")
            // Nothing older than what it shows, now or after another message: the next page is empty at once.
            #expect(try await chat.harness.nextMessageIDs(limit: 10).isEmpty)
            #expect(count.withLock { $0 } == 1)
        }
    }

    @Test func aTrackerWithOlderHistoryIsToldOnlyWhenItsPagesReachTheFirstMessage() async throws {
        let count = Mutex(0)
        let observe: @Sendable (SessionBuilder) -> Void = { builder in
            builder.set(historyCompleteObserver: { count.withLock { $0 += 1 } })
        }
        try await ManualChat.with(scenario: HistoryTests.seeded, startingChat: false, configure: observe) { chat in
            // The store holds the whole history now; a new tracker shows the newest 20 of its 250 messages.
            #expect(try await chat.harness.allMessageIDs().count == 250)
            let before = count.withLock { $0 }
            #expect(try await chat.harness.newTracker(lastMessages: 20).count == 20)
            #expect(count.withLock { $0 } == before)
            var shown = 20
            while true {
                let page = try await chat.harness.nextMessageIDs(limit: 100)
                shown += page.count
                if page.isEmpty || shown == 250 { break }
                #expect(count.withLock { $0 } == before, "told with \(250 - shown) older messages left")
            }
            #expect(shown == 250)
            #expect(count.withLock { $0 } == before + 1)
        }
    }
}
