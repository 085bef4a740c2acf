/// The writes waiting for a history store's next commit, and when that commit starts.
///
/// A write that someone waits for, or that must reach the disk, starts a commit at once. A copy of what the
/// service holds (a received message) waits up to `GroupCommit.copyWait` for others to share its commit: a burst
/// of messages to a tab, or to a thousand tabs, then pays for one commit instead of one each (Benchmarks/
/// RESULTS.md, "third pass"). Whatever starts a commit takes every write waiting, in the order they came.
///
/// Once a copy's wait ends with no other write having come, copies are coming one at a time, as a visitor's
/// messages mostly do: the next copy starts its commit at once, instead of a timer, a task and a thread woken for
/// company that does not come. A copy that finds a commit queued has company, and the copies after it wait again.
struct CommitQueue<Write> {
    /// What the caller must do after adding a write.
    enum Start: Equatable {
        /// Nothing: a commit is queued already, or a copy's wait is running and will start one.
        case none
        /// Queue a commit on the writer now.
        case now
        /// Start a copy's wait, and call `waitEnded()` once it is over.
        case afterCopyWait
    }

    private(set) var writes: [Write] = []
    /// A commit is queued on the writer and has not taken the waiting writes yet.
    private var isCommitQueued = false
    /// A copy's wait is running: when it ends, it queues a commit unless one is queued already.
    private var isWaitRunning = false
    /// Writes added while the running wait runs, besides the copy that started it.
    private var writesDuringWait = 0
    /// The last copy's wait ended with no other write: the next copy starts a commit at once.
    private(set) var copiesComeAlone = false

    /// Adds `write` to the next commit. `startsAtOnce`: the write is durable, or its caller waits for it.
    mutating func add(_ write: Write, startsAtOnce: Bool) -> Start {
        writes.append(write)
        if isWaitRunning { writesDuringWait += 1 }
        if isCommitQueued {
            if !startsAtOnce { copiesComeAlone = false }
            return .none
        }
        if startsAtOnce || copiesComeAlone {
            isCommitQueued = true
            return .now
        }
        if isWaitRunning { return .none }
        isWaitRunning = true
        return .afterCopyWait
    }

    /// A copy's wait is over; true when the caller must queue a commit now. A commit that started meanwhile may
    /// have taken every write already.
    mutating func waitEnded() -> Bool {
        isWaitRunning = false
        copiesComeAlone = writesDuringWait == 0
        writesDuringWait = 0
        guard !isCommitQueued, !writes.isEmpty else { return false }
        isCommitQueued = true
        return true
    }

    /// The queued commit takes every waiting write; what comes after waits for the next.
    mutating func takeAll() -> [Write] {
        defer { (writes, isCommitQueued) = ([], false) }
        return writes
    }
}
