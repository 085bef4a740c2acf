/// The result of `operation`, or nil if `timeout` passes first; the loser is cancelled.
///
/// This is how tests wait for an event: on the event itself, bounded by a timeout, never a fixed sleep.
public func withTimeout<Value: Sendable>(
    _ timeout: Duration,
    _ operation: @escaping @Sendable () async -> Value?
) async -> Value? {
    await withTaskGroup(of: Value?.self) { group in
        group.addTask { await operation() }
        group.addTask {
            try? await Task.sleep(for: timeout)
            return nil
        }
        let first = await group.next() ?? nil
        group.cancelAll()
        return first
    }
}

/// Re-checks `condition` until it holds or `timeout` passes; for state with no event to wait on (a timer of
/// the server's own, such as the tab reaper). Returns whether it held.
public func eventually(
    within timeout: Duration,
    every interval: Duration = .milliseconds(50),
    _ condition: @escaping @Sendable () async -> Bool
) async -> Bool {
    await withTimeout(timeout) { () async -> Bool? in
        while !Task.isCancelled {
            if await condition() { return true }
            try? await Task.sleep(for: interval)
        }
        return nil
    } ?? false
}
