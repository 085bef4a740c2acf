import Testing

@testable import WebimClientLibrary

/// When typing is reported, driven by plain times: no clock, no sleep.
@Suite struct TypingThrottleTests {
    @Test func theFirstChangeIsReportedAtOnceAndTheQuietCheckIsScheduled() {
        var throttle = TypingThrottle()
        let actions = throttle.draftChanged(to: "H", at: .seconds(10))
        #expect(actions == [.report(isTyping: true, draft: "H"), .scheduleQuietCheck(change: 1, after: .seconds(5))])
    }

    @Test func changesWithinASecondAreFlushedOnceWithTheNewestDraft() {
        var throttle = TypingThrottle()
        _ = throttle.draftChanged(to: "H", at: .seconds(10))
        let second = throttle.draftChanged(to: "He", at: .seconds(10) + .milliseconds(300))
        #expect(
            second == [.scheduleFlush(after: .milliseconds(700)), .scheduleQuietCheck(change: 2, after: .seconds(5))]
        )
        let third = throttle.draftChanged(to: "Hel", at: .seconds(10) + .milliseconds(600))
        #expect(third == [.scheduleQuietCheck(change: 3, after: .seconds(5))])
        #expect(throttle.flushDue(at: .seconds(11)) == .report(isTyping: true, draft: "Hel"))
        // After the flush, the next change within a second of it waits for a new flush.
        #expect(
            throttle.draftChanged(to: "Hell", at: .seconds(11) + .milliseconds(100)).first
                == .scheduleFlush(after: .milliseconds(900))
        )
    }

    @Test func onlyTheLastChangesQuietCheckReportsTheStop() {
        var throttle = TypingThrottle()
        _ = throttle.draftChanged(to: "H", at: .seconds(1))
        _ = throttle.draftChanged(to: "Hi", at: .seconds(3))
        #expect(throttle.quietTimeDue(change: 1, at: .seconds(6)) == nil)
        #expect(throttle.quietTimeDue(change: 2, at: .seconds(8)) == .report(isTyping: false, draft: "Hi"))
    }

    @Test func aClearedDraftIsReportedAtOnceAndCancelsWhatWasScheduled() {
        var throttle = TypingThrottle()
        _ = throttle.draftChanged(to: "H", at: .seconds(1))
        _ = throttle.draftChanged(to: "Hi", at: .seconds(1) + .milliseconds(200))
        #expect(
            throttle.draftChanged(to: nil, at: .seconds(1) + .milliseconds(400)) == [
                .report(isTyping: false, draft: nil)
            ]
        )
        #expect(throttle.flushDue(at: .seconds(2)) == nil)
        #expect(throttle.quietTimeDue(change: 2, at: .seconds(7)) == nil)
    }
}
