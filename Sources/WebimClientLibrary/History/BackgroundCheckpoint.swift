import Dispatch
import GRDB
import Synchronization

/// Copies a history store's write-ahead log into the database in the background, on a connection of its own, so
/// that no commit does it: left to SQLite, the commit that crosses 1,000 log pages copies and syncs them itself,
/// and every session waits behind it (12–15 ms, for one message in about a hundred).
final class BackgroundCheckpoint: Sendable {
    private let connection: DatabaseQueue
    private let queue = DispatchQueue(label: "webim.history.checkpoint")
    private let work = Mutex(Work())

    private struct Work {
        var weightSince = 0
        var isQueued = false
    }

    /// Writes between checkpoints; an older page of history counts as `GroupCommit.Write.olderPageWeight`.
    static let writesPerCheckpoint = 64

    init(path: String) throws {
        var configuration = GRDB.Configuration()
        configuration.busyMode = .timeout(10)
        connection = try DatabaseQueue(path: path, configuration: configuration)
    }

    /// Counts committed writes; every `writesPerCheckpoint` of them, queues a checkpoint unless one is queued.
    func count(committed weight: Int) {
        let queues = work.withLock { work in
            work.weightSince += weight
            guard work.weightSince >= Self.writesPerCheckpoint, !work.isQueued else { return false }
            (work.weightSince, work.isQueued) = (0, true)
            return true
        }
        guard queues else { return }
        queue.async { [self] in
            // A passive checkpoint never waits for the writer or readers; one that fails is made up by the next,
            // or by the commit's backstop (`wal_autocheckpoint`).
            _ = try? connection.writeWithoutTransaction { db in try db.checkpoint(.passive) }
            work.withLock { $0.isQueued = false }
        }
    }

    /// Returns once the checkpoints already queued are done.
    func waitForQueued() { queue.sync {} }

    func close() throws {
        waitForQueued()
        try connection.close()
    }
}
