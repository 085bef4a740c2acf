import Synchronization

/// A value shared between the session's executor and request handlers.
final class LockedValue<Value: Sendable>: Sendable {
    private let storage: Mutex<Value>

    init(_ value: Value) { storage = Mutex(value) }

    /// The current value.
    var value: Value { storage.withLock { $0 } }

    /// Replaces the value.
    func set(_ value: Value) { storage.withLock { $0 = value } }
}
