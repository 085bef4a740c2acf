import Synchronization

/// One value given from a completion handler on any executor and awaited by one task, which may stop waiting
/// (cancelled: by a timeout) before it comes; a late value is dropped, never resumed twice.
final class OneAnswer<Value: Sendable>: Sendable {
    private enum State {
        case waiting(CheckedContinuation<Value?, Never>?)
        case given(Value)
        case abandoned
    }

    private let state = Mutex(State.waiting(nil))

    /// Gives the value; only the first call counts.
    func give(_ value: Value) {
        let waiter: CheckedContinuation<Value?, Never>? = state.withLock { state in
            guard case .waiting(let waiter) = state else { return nil }
            state = .given(value)
            return waiter
        }
        waiter?.resume(returning: value)
    }

    /// The value once given, or nil when the waiting task is cancelled first.
    func value() async -> Value? {
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Value?, Never>) in
                let ready: Value?? = state.withLock { state in
                    switch state {
                    case .given(let value): return .some(value)
                    case .abandoned: return .some(nil)
                    case .waiting:
                        state = .waiting(continuation)
                        return .none
                    }
                }
                if case .some(let value) = ready { continuation.resume(returning: value) }
            }
        } onCancel: {
            let waiter: CheckedContinuation<Value?, Never>? = state.withLock { state in
                guard case .waiting(let waiter) = state else { return nil }
                state = .abandoned
                return waiter
            }
            waiter?.resume(returning: nil)
        }
    }

    /// The value once given, or nil when `timeout` passes first (or the waiting task is cancelled).
    func value(within timeout: Duration) async -> Value? {
        await withTaskGroup(of: Value?.self) { group in
            group.addTask { await self.value() }
            group.addTask {
                try? await Task.sleep(for: timeout)
                return nil
            }
            let first = await group.next() ?? nil
            group.cancelAll()
            return first
        }
    }
}
