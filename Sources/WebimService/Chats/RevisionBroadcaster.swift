/// Wakes the delta long-polls of a visitor when its revision moves past what they have, and keeps each visitor's
/// newest logged revision, so that a poll woken for it can answer without reading it back.
///
/// What it keeps of a visitor is forgotten once nothing was published for them for `retention` and no poll of
/// theirs waits: a poll reads the visitor before it waits, and `retention` covers that moment many times over, so
/// only memory is saved, never a wake-up. Visitors come and go by the thousand; none stays here for ever.
actor RevisionBroadcaster {
    private var latest: [String: Int] = [:]
    /// The newest revision each visitor's changes logged, while nothing newer or unlogged (a ban) is known.
    private var newest: [String: LoggedRevision] = [:]
    private var lastPublished: [String: ContinuousClock.Instant] = [:]
    private var waiters: [String: [Int: CheckedContinuation<Void, Never>]] = [:]
    private var nextWaiterID = 0
    private let retention: Duration
    private let now: @Sendable () -> ContinuousClock.Instant
    private var nextSweep: ContinuousClock.Instant

    /// `now` is the clock's reading, injected so that tests can move time.
    init(retention: Duration = .seconds(60), now: @escaping @Sendable () -> ContinuousClock.Instant = { .now }) {
        self.retention = retention
        self.now = now
        nextSweep = now() + retention / 4
    }

    /// How many visitors it keeps anything of.
    var visitorCount: Int { Set(latest.keys).union(newest.keys).union(waiters.keys).count }

    /// Records a revision a change logged, keeps it for `logged(visitorID:after:)`, and wakes the visitor's polls.
    func publish(visitorID: String, logged: LoggedRevision) {
        if logged.revision > latest[visitorID] ?? 0 {
            newest[visitorID] = logged
        }
        wake(visitorID: visitorID, revision: logged.revision)
    }

    /// The revision right after `since`, when it is the newest known and its items are kept; otherwise nil, and the
    /// log must be read (several revisions behind, or a change published out of order, or a ban since).
    func logged(visitorID: String, after since: Int) -> LoggedRevision? {
        guard let kept = newest[visitorID], kept.revision == since + 1, kept.revision == latest[visitorID] else {
            return nil
        }
        return kept
    }

    /// Wakes every poll of a visitor for a change that logged nothing (a ban): polls read the log and the
    /// visitor again, so the kept revision is dropped.
    func publish(visitorID: String, revision: Int) {
        newest[visitorID] = nil
        wake(visitorID: visitorID, revision: revision)
    }

    private func wake(visitorID: String, revision: Int) {
        latest[visitorID] = max(latest[visitorID] ?? 0, revision)
        lastPublished[visitorID] = now()
        for continuation in waiters.removeValue(forKey: visitorID)?.values ?? [:].values {
            continuation.resume()
        }
        forgetQuietVisitors()
    }

    /// Every quarter of the retention, at most: forgets the visitors nothing was published for within the retention
    /// and no poll waits for.
    private func forgetQuietVisitors() {
        let time = now()
        guard time >= nextSweep else { return }
        nextSweep = time + retention / 4
        for (visitorID, published) in lastPublished where time - published >= retention && waiters[visitorID] == nil {
            lastPublished[visitorID] = nil
            latest[visitorID] = nil
            newest[visitorID] = nil
        }
    }

    /// Returns once the visitor's revision is past `revision`, or when the task is cancelled.
    func waitForRevision(after revision: Int, visitorID: String) async {
        if let known = latest[visitorID], known > revision { return }
        let id = nextWaiterID
        nextWaiterID += 1
        await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                if Task.isCancelled {
                    continuation.resume()
                } else {
                    waiters[visitorID, default: [:]][id] = continuation
                }
            }
        } onCancel: {
            Task { await self.cancelWaiter(id: id, visitorID: visitorID) }
        }
    }

    private func cancelWaiter(id: Int, visitorID: String) {
        waiters[visitorID]?.removeValue(forKey: id)?.resume()
        if waiters[visitorID]?.isEmpty == true { waiters[visitorID] = nil }
    }
}
