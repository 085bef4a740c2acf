import Synchronization
import TestSupport
import Testing

@testable import WebimService

/// Visitors come and go by the thousand: once they are quiet, the service's memory holds nothing of them.
@Suite struct VisitorsLeaveNothingTests {
    /// A clock the test moves by hand.
    final class ManualTime: Sendable {
        private let instant = Mutex(ContinuousClock.now)
        var now: ContinuousClock.Instant { instant.withLock { $0 } }
        func advance(by duration: Duration) { instant.withLock { $0 += duration } }
    }

    @Test func theBroadcasterForgetsQuietVisitorsButNotAWaitingPoll() async {
        let time = ManualTime()
        let broadcaster = RevisionBroadcaster(retention: .seconds(60)) { time.now }
        let waiting = Task { await broadcaster.waitForRevision(after: 5, visitorID: "waiting") }
        // The poll is registered once the broadcaster counts its visitor.
        #expect(await eventually(within: .seconds(10)) { await broadcaster.visitorCount == 1 })
        for index in 0..<1_000 {
            await broadcaster.publish(
                visitorID: "visitor-\(index)",
                logged: LoggedRevision(revision: 1, items: ["{}"], banned: false)
            )
        }
        #expect(await broadcaster.visitorCount >= 1_000)
        time.advance(by: .seconds(61))
        await broadcaster.publish(visitorID: "newcomer", revision: 1)
        // The newcomer, and the poll that still waits: none of the thousand.
        let kept = await broadcaster.visitorCount
        #expect(kept == 2, "\(kept) visitors kept")
        #expect(await broadcaster.logged(visitorID: "visitor-1", after: 0) == nil)
        await broadcaster.publish(visitorID: "waiting", revision: 6)
        await waiting.value
    }

    @Test func aVisitorsScenarioQueueIsGoneOnceItIsPlayed() {
        let queues = ScenarioQueues()
        var started = 0
        for index in 0..<100 {
            for event in [
                ScenarioTrigger.Event.chatStarted,
                .visitorMessage(text: "Hi", messageID: "m\(index)", whileKeyboardPending: false, isHintQuestion: false),
            ] {
                if queues.add(ScenarioTrigger(visitorID: "visitor-\(index)", location: "default", event: event)) {
                    started += 1
                }
            }
        }
        // One player per visitor, however many triggers came while it played.
        #expect(started == 100 && queues.visitorCount == 100)
        for index in 0..<100 {
            var played = 0
            while queues.next(for: "visitor-\(index)") != nil { played += 1 }
            #expect(played == 2)
        }
        #expect(queues.visitorCount == 0)
        #expect(queues.add(ScenarioTrigger(visitorID: "visitor-1", location: "default", event: .chatStarted)))
    }
}
