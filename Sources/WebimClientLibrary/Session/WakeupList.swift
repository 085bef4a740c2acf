import Synchronization

/// The session's waiters: each `wait` suspends until the next `wakeAll` or until its task is cancelled.
///
/// A waiter reads `ticket` where it checked its condition and waits with it, so a `wakeAll` that comes between the
/// check and the suspension is not lost. A cancelled waiter resumes at once, not at the next state change: the
/// delta loop races its poll against a restart and cancels the loser, and its group waits for every child.
final class WakeupList: Sendable {
    /// Counts `wakeAll` calls.
    struct Ticket: Sendable, Equatable {
        fileprivate var wakeups: Int
    }

    private struct Waiters {
        var wakeups = 0
        var nextID = 0
        var suspended: [Int: CheckedContinuation<Void, Never>] = [:]
        /// Waiters cancelled before they suspended.
        var cancelledEarly: Set<Int> = []
    }

    private let waiters = Mutex(Waiters())

    /// Taken before checking a condition; `wait(after:)` returns at once if a `wakeAll` came since.
    var ticket: Ticket { waiters.withLock { Ticket(wakeups: $0.wakeups) } }

    /// Suspends until a `wakeAll` after `ticket` was taken, or until the task is cancelled. Stays on the caller's
    /// executor, so that a woken loop resumes there at once instead of by way of the global one.
    func wait(after ticket: Ticket, isolation: isolated (any Actor)? = #isolation) async {
        let id = waiters.withLock { waiters in
            defer { waiters.nextID += 1 }
            return waiters.nextID
        }
        await withTaskCancellationHandler {
            await withCheckedContinuation(isolation: isolation) { (continuation: CheckedContinuation<Void, Never>) in
                let resumeNow = waiters.withLock { waiters in
                    if waiters.cancelledEarly.remove(id) != nil || waiters.wakeups != ticket.wakeups { return true }
                    waiters.suspended[id] = continuation
                    return false
                }
                if resumeNow { continuation.resume() }
            }
        } onCancel: {
            let continuation = waiters.withLock { waiters in
                guard let continuation = waiters.suspended.removeValue(forKey: id) else {
                    waiters.cancelledEarly.insert(id)
                    return CheckedContinuation<Void, Never>?.none
                }
                return continuation
            }
            continuation?.resume()
        }
        // A waiter cancelled after it was woken leaves its mark behind: drop it.
        waiters.withLock { _ = $0.cancelledEarly.remove(id) }
    }

    /// Resumes every waiter, and every wait whose ticket is older.
    func wakeAll() {
        let woken = waiters.withLock { waiters in
            waiters.wakeups &+= 1
            defer { waiters.suspended = [:] }
            return Array(waiters.suspended.values)
        }
        for continuation in woken { continuation.resume() }
    }
}
