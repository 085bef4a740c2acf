import TestSupport

/// Listener and handler calls recorded as text, read back in order: what the replayed-session tests compare.
final class CallLog: Sendable {
    private let calls: AsyncStream<String>
    private let sink: AsyncStream<String>.Continuation

    init() { (calls, sink) = AsyncStream.makeStream(of: String.self) }

    func record(_ call: String) { sink.yield(call) }

    /// The next call, waiting up to ten seconds.
    func next() async -> String? {
        let calls = calls
        return await withTimeout(.seconds(10)) { [calls] in
            var iterator = calls.makeAsyncIterator()
            return await iterator.next()
        }
    }
}
