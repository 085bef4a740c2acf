import CoreMetrics
import Dispatch
import GRDB
import Synchronization

/// Writes from many sessions to one database, committed together: what arrives while a commit syncs the log
/// to disk goes into the next transaction, so a thousand tabs that each store a message pay for a handful of
/// syncs, not a thousand (`widget-bench storage`: 200 concurrent commits took 258–482 ms one by one).
///
/// Each write runs in a savepoint of its own: one that fails is rolled back alone and reports its error, the
/// others commit. A durable write is on disk when it reports success (`synchronous = FULL`); a commit of only
/// copies of what the service holds is not synced (`NORMAL`): it survives the process's crash, and a power cut
/// loses at most what the next history request fetches again. The log is written in order, so the sync of a
/// later durable commit covers the copies before it.
///
/// A copy waits up to `copyWait` for others before its commit starts, unless copies come one at a time
/// (`CommitQueue`); a crash in that time loses it as a power cut would, and with it only what came after, never a
/// durable write.
final class GroupCommit: Sendable {
    private let writer: any DatabaseWriter
    private let queue = Mutex(CommitQueue<Write>())
    /// Whether the writer's connection syncs each commit now (the store opens it so).
    private let syncsCommits = Atomic<Bool>(true)
    /// Called after each commit with the writes' weight, on the writer's queue (for the store's checkpoints).
    private let onCommit: @Sendable (_ weight: Int) -> Void
    private let metrics: CommitMetrics
    /// What times a copy's wait.
    private let clock: any Clock<Duration>

    /// How long a copy of the service's data waits for others to share its commit. Each commit writes its pages
    /// to the log and takes the file's locks: storing a burst of messages one commit each was a third of the
    /// widget server's CPU per event.
    static let copyWait = Duration.milliseconds(5)

    /// One write: `body` in a savepoint, then `done` with its outcome once the transaction is committed.
    struct Write: Sendable {
        let body: @Sendable (Database) throws -> Void
        /// How many ordinary writes this one counts as towards the next checkpoint.
        var weight = 1
        /// Whether its commit must be synced before `done`: what only this store keeps (an outbox, a visitor's
        /// ids), not a copy of what the service holds.
        var isDurable = true
        let done: @Sendable (Result<Void, any Error>) -> Void

        /// An older page of 100 messages logs about 200 pages, a received message a handful: counted as this many
        /// writes, a visitor paging back has the log checkpointed in the background before the commit's backstop
        /// does it.
        static let olderPageWeight = 16
    }

    init(
        writer: any DatabaseWriter,
        metrics: CommitMetrics = .uncounted,
        clock: any Clock<Duration> = ContinuousClock(),
        onCommit: @escaping @Sendable (_ weight: Int) -> Void = { _ in }
    ) {
        self.writer = writer
        self.metrics = metrics
        self.clock = clock
        self.onCommit = onCommit
    }

    /// Queues `write` for a commit and returns at once: the next commit for a durable write, one after a copy's
    /// wait at most for a copy.
    func submit(_ write: Write) {
        switch queue.withLock({ $0.add(write, startsAtOnce: write.isDurable) }) {
        case .none: break
        case .now: queueFlush()
        case .afterCopyWait:
            Task { [self, clock] in
                // Only cancellation ends a sleep early, and nothing cancels this task.
                try? await clock.sleep(for: Self.copyWait)
                if queue.withLock({ $0.waitEnded() }) { queueFlush() }
            }
        }
    }

    /// The writer's queue is serial: a flush queued while one runs starts after it, with what came meanwhile.
    private func queueFlush() {
        writer.asyncWriteWithoutTransaction { [self] db in flush(db) }
    }

    /// Runs `body` in the next commit and returns its result once that commit is done (on disk, when durable).
    ///
    /// Blocks the calling thread, as GRDB's own `write` does; never call it on the writer's queue. With no flush
    /// queued, the caller runs it itself, on its own thread once the writer is free: handing it to the writer's
    /// thread and waiting cost two thread switches a write (`widget-bench delivery`: 0.3–0.4 ms of CPU a message).
    func write<Result: Sendable>(
        isDurable: Bool = true,
        _ body: @escaping @Sendable (Database) throws -> Result
    ) throws -> Result {
        let outcome = Outcome<Result>()
        let committed = DispatchSemaphore(value: 0)
        let write = Write(
            body: { db in
                let value = try body(db)
                outcome.value.withLock { $0 = .success(value) }
            },
            isDurable: isDurable,
            done: { result in
                if case .failure(let error) = result { outcome.value.withLock { $0 = .failure(error) } }
                committed.signal()
            }
        )
        let leads = queue.withLock { $0.add(write, startsAtOnce: true) } == .now
        if leads { writer.writeWithoutTransaction { db in flush(db) } }
        committed.wait()
        // `done` always runs after `body`, and fills the outcome when `body` never ran or the commit failed.
        return try outcome.value.withLock { $0! }.get()
    }

    private func flush(_ db: Database) {
        let writes = queue.withLock { $0.takeAll() }
        guard !writes.isEmpty else { return }
        var outcomes: [Result<Void, any Error>] = []
        outcomes.reserveCapacity(writes.count)
        do {
            try syncCommits(writes.contains { $0.isDurable }, db)
            try db.inTransaction(.immediate) {
                for write in writes {
                    do {
                        try db.inSavepoint {
                            try write.body(db)
                            return .commit
                        }
                        outcomes.append(.success(()))
                    } catch {
                        outcomes.append(.failure(error))
                    }
                }
                return .commit
            }
        } catch {
            // The commit itself failed (a full disk, say): nothing of this group is stored.
            outcomes = writes.map { _ in .failure(error) }
        }
        for (write, outcome) in zip(writes, outcomes) { write.done(outcome) }
        metrics.committed(writes: writes.count)
        onCommit(writes.reduce(0) { $0 + $1.weight })
    }

    /// Sets whether the next commit is synced; a pragma only when that changes (outside a transaction, where
    /// SQLite reads it). Runs on the writer, one flush at a time.
    private func syncCommits(_ syncs: Bool, _ db: Database) throws {
        guard syncsCommits.load(ordering: .relaxed) != syncs else { return }
        try db.execute(sql: syncs ? "PRAGMA synchronous = FULL" : "PRAGMA synchronous = NORMAL")
        syncsCommits.store(syncs, ordering: .relaxed)
    }
}

/// What a blocking `GroupCommit.write` returns, filled on the writer's queue.
private final class Outcome<Value: Sendable>: Sendable {
    let value = Mutex<Result<Value, any Error>?>(nil)
}
