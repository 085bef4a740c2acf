/// A value that is created and used only on one session's executor, carried through `@Sendable` closures.
///
/// The SDK's completion closures (`getLastMessages(byLimit:completion:)`) are not `Sendable`. They are created on
/// the session's executor (every public call checks that first) and called back on it, so they never run
/// concurrently with anything else; `value` checks that it is read there. That is what makes the
/// `@unchecked Sendable` safe.
struct ExecutorBound<Value>: @unchecked Sendable {
    private let stored: Value
    private let executor: WebimExecutor

    init(_ value: Value, on executor: WebimExecutor) {
        precondition(executor.isCurrent, "ExecutorBound made off its executor")
        stored = value
        self.executor = executor
    }

    /// The value; only on the executor it was made on.
    var value: Value {
        precondition(executor.isCurrent, "ExecutorBound read off its executor")
        return stored
    }
}
