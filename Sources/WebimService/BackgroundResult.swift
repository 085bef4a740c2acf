import Dispatch
import Synchronization

/// Work started on another thread at once, whose result a later `get()` waits for: a way for start-up to do two
/// things at a time without becoming asynchronous.
final class BackgroundResult<Value: Sendable>: Sendable {
    private let result = Mutex<Result<Value, any Error>?>(nil)
    private let done = DispatchSemaphore(value: 0)

    init(_ work: @escaping @Sendable () throws -> Value) {
        DispatchQueue.global().async { [self] in
            let outcome = Result { try work() }
            result.withLock { $0 = outcome }
            done.signal()
        }
    }

    /// The work's value, or its error, once it has finished; the first call waits for it.
    func get() throws -> Value {
        if let finished = result.withLock({ $0 }) { return try finished.get() }
        done.wait()
        return try result.withLock { $0! }.get()
    }
}
