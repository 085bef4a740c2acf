/// A value that arrives later, awaited by whoever needs it.
actor Promise<Value: Sendable> {
    private var result: Value?
    private var waiters: [Int: CheckedContinuation<Value?, Never>] = [:]
    private var nextWaiter = 0

    func fulfil(_ value: Value) {
        guard result == nil else { return }
        result = value
        for waiter in waiters.values { waiter.resume(returning: value) }
        waiters = [:]
    }

    /// The value, or nil if the waiting task is cancelled first.
    var value: Value? {
        get async {
            if let result { return result }
            let id = nextWaiter
            nextWaiter += 1
            return await withTaskCancellationHandler {
                await withCheckedContinuation { waiters[id] = $0 }
            } onCancel: {
                Task { await self.cancel(id) }
            }
        }
    }

    private func cancel(_ id: Int) { waiters.removeValue(forKey: id)?.resume(returning: nil) }
}
