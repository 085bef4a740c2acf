import Synchronization

/// The one task a session owns. Every other task of the session (its loops, timers and read requests) is a child
/// of that task's group, so ending the session ends them all, and nothing the session started outlives it but its
/// farewell.
///
/// The reference's API is synchronous (`resume()`, `send(message:)` return at once), so the root task is started
/// from a synchronous call; it is the only place in the core that starts a task outside a task group.
final class SessionLifetime: Sendable {
    typealias Job = @Sendable () async -> Void

    private let jobs: AsyncStream<Job>
    private let submissions: AsyncStream<Job>.Continuation
    private let root = Mutex<Task<Void, Never>?>(nil)
    private let farewell = Mutex<Job?>(nil)

    init() {
        (jobs, submissions) = AsyncStream.makeStream(of: Job.self, bufferingPolicy: .unbounded)
    }

    /// Runs `job` as a child of the session's task group; after `end`, it is dropped.
    func run(_ job: @escaping Job) {
        startIfNeeded()
        submissions.yield(job)
    }

    /// Cancels every child and lets the root task finish. `farewell` (the push token's unregistration) runs in the
    /// root task once the children are done, bounded by its own timeout.
    func end(farewell last: Job? = nil) {
        if let last {
            startIfNeeded()
            farewell.withLock { $0 = last }
        }
        submissions.finish()
    }

    /// Waits until the root task and all its children are done (tests and an orderly shutdown).
    func finished() async {
        await root.withLock { $0 }?.value
    }

    private func runJobs() async {
        await withDiscardingTaskGroup { group in
            for await job in jobs { group.addTask { await job() } }
            group.cancelAll()
        }
        if let last = farewell.withLock({ $0.take() }) { await last() }
    }

    private func startIfNeeded() {
        root.withLock { root in
            guard root == nil else { return }
            // Holds `self` until `end`: the session ends it (`destroy`), as the reference requires of every session.
            root = Task { await self.runJobs() }
        }
    }
}
