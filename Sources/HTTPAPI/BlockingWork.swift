import Dispatch

/// The value of `work`, which blocks its thread (a database opened with synced writes, files read and decoded), run
/// on a thread of Dispatch's own pool while the caller's task waits without holding a thread.
///
/// Swift's cooperative pool has a thread per core, two on a small server. Blocking work done on it holds one of
/// them for its whole length, and two such calls at once (two servers starting in one process, as the tests start
/// many) stall every task of the process until they end.
public func awaitBlockingWork<Value: Sendable>(_ work: @escaping @Sendable () throws -> Value) async throws -> Value {
    try await withCheckedThrowingContinuation { continuation in
        DispatchQueue.global().async { continuation.resume(with: Result { try work() }) }
    }
}
