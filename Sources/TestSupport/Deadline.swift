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
