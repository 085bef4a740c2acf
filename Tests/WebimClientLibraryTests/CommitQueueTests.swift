import Testing

@testable import WebimClientLibrary

/// When a history store's next commit starts: at once for what someone waits for, after a copy's wait for copies,
/// and always with every write that waits.
@Suite struct CommitQueueTests {
    @Test func aCopyWaitsAndTheCopiesAfterItJoinIt() {
        var queue = CommitQueue<String>()
        #expect(queue.add("copy 1", startsAtOnce: false) == .afterCopyWait)
        // One wait serves every copy that comes while it runs.
        #expect(queue.add("copy 2", startsAtOnce: false) == .none)
        let ended = queue.waitEnded()
        #expect(ended)
        #expect(queue.takeAll() == ["copy 1", "copy 2"])
        #expect(queue.writes.isEmpty)
    }

    @Test func aWriteThatStartsAtOnceTakesTheWaitingCopiesAlong() {
        var queue = CommitQueue<String>()
        #expect(queue.add("copy", startsAtOnce: false) == .afterCopyWait)
        #expect(queue.add("outbox", startsAtOnce: true) == .now)
        // A second urgent write before the commit takes the writes rides on the queued one.
        #expect(queue.add("read", startsAtOnce: true) == .none)
        #expect(queue.takeAll() == ["copy", "outbox", "read"])
        // The copy's wait then ends with nothing left: no empty commit.
        let endedWithWork = queue.waitEnded()
        #expect(endedWithWork == false)
    }

    @Test func aCopyAfterAnUrgentCommitTookTheOthersWaitsForTheRunningWait() {
        var queue = CommitQueue<String>()
        #expect(queue.add("copy 1", startsAtOnce: false) == .afterCopyWait)
        #expect(queue.add("outbox", startsAtOnce: true) == .now)
        #expect(queue.takeAll() == ["copy 1", "outbox"])
        // The wait that copy 1 started is still running; copy 2 is committed when it ends.
        #expect(queue.add("copy 2", startsAtOnce: false) == .none)
        let ended = queue.waitEnded()
        #expect(ended)
        #expect(queue.takeAll() == ["copy 2"])
        #expect(queue.add("copy 3", startsAtOnce: false) == .afterCopyWait)
    }

    @Test func aCopyWhileACommitIsQueuedRidesOnIt() {
        var queue = CommitQueue<String>()
        #expect(queue.add("outbox", startsAtOnce: true) == .now)
        #expect(queue.add("copy", startsAtOnce: false) == .none)
        #expect(queue.takeAll() == ["outbox", "copy"])
        // Nothing waits and no wait runs: the next copy starts one.
        #expect(queue.add("copy 2", startsAtOnce: false) == .afterCopyWait)
    }

    @Test func copiesThatComeOneAtATimeCommitAtOnceUntilOneFindsCompany() {
        var queue = CommitQueue<String>()
        #expect(queue.add("copy 1", startsAtOnce: false) == .afterCopyWait)
        // Nothing else came during its wait: the next copy does not wait for company.
        let ended = queue.waitEnded()
        #expect(ended && queue.copiesComeAlone)
        #expect(queue.takeAll() == ["copy 1"])
        #expect(queue.add("copy 2", startsAtOnce: false) == .now)
        #expect(queue.takeAll() == ["copy 2"])
        #expect(queue.add("copy 3", startsAtOnce: false) == .now)
        // A copy that finds that commit still queued rides on it, and says that copies come together again.
        #expect(queue.add("copy 4", startsAtOnce: false) == .none)
        #expect(!queue.copiesComeAlone)
        #expect(queue.takeAll() == ["copy 3", "copy 4"])
        #expect(queue.add("copy 5", startsAtOnce: false) == .afterCopyWait)
    }

    @Test func aWaitWithOtherWritesKeepsTheNextCopyWaiting() {
        var queue = CommitQueue<String>()
        #expect(queue.add("copy 1", startsAtOnce: false) == .afterCopyWait)
        #expect(queue.add("outbox", startsAtOnce: true) == .now)
        #expect(queue.takeAll() == ["copy 1", "outbox"])
        let ended = queue.waitEnded()
        #expect(!ended && !queue.copiesComeAlone)
        #expect(queue.add("copy 2", startsAtOnce: false) == .afterCopyWait)
    }
}
