/// Wakes the delta long-polls of a visitor when its revision moves past what they have.
actor RevisionBroadcaster {
    private var latest: [String: Int] = [:]
    private var waiters: [String: [Int: CheckedContinuation<Void, Never>]] = [:]
    private var nextWaiterID = 0

    /// Records a new revision and wakes every poll of that visitor.
    func publish(visitorID: String, revision: Int) {
        latest[visitorID] = max(latest[visitorID] ?? 0, revision)
        for continuation in waiters.removeValue(forKey: visitorID)?.values ?? [:].values {
            continuation.resume()
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
    }
}
