import Synchronization
import TestSupport
import Testing

@testable import WebimClientLibrary

/// The task a session owns, and the waiters its loops suspend in.
@Suite struct SessionLifetimeTests {
    @Test func endingCancelsEveryChildAndRunsTheFarewellAfterThem() async {
        let lifetime = SessionLifetime()
        let (events, sink) = AsyncStream.makeStream(of: String.self)
        let (started, startedSink) = AsyncStream.makeStream(of: Void.self)
        for name in ["delta", "actions"] {
            lifetime.run {
                startedSink.yield()
                // Suspends until cancelled.
                let (never, _) = AsyncStream.makeStream(of: Void.self)
                for await _ in never {}
                sink.yield("\(name) cancelled=\(Task.isCancelled)")
            }
        }
        var starts = started.makeAsyncIterator()
        _ = await starts.next()
        _ = await starts.next()
        lifetime.end(farewell: { sink.yield("farewell cancelled=\(Task.isCancelled)") })
        lifetime.run { sink.yield("after the end") }
        await lifetime.finished()
        sink.finish()
        var seen: [String] = []
        for await event in events { seen.append(event) }
        #expect(Set(seen.prefix(2)) == ["delta cancelled=true", "actions cancelled=true"])
        #expect(seen.dropFirst(2) == ["farewell cancelled=false"])
    }

    @Test func aWakeupBetweenTheCheckAndTheWaitIsNotLost() async {
        let wakeups = WakeupList()
        let ticket = wakeups.ticket
        wakeups.wakeAll()
        // Would hang without the ticket: the wakeup came before the waiter suspended.
        let returned = await withTimeout(.seconds(10)) {
            await wakeups.wait(after: ticket)
            return true
        }
        #expect(returned == true)
    }

    @Test func aCancelledWaiterResumesAtOnce() async {
        let wakeups = WakeupList()
        let waiter = Task { await wakeups.wait(after: wakeups.ticket) }
        waiter.cancel()
        let returned = await withTimeout(.seconds(10)) {
            await waiter.value
            return true
        }
        #expect(returned == true)
    }
}
