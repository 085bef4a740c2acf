import Synchronization

/// A one-shot slot for the page's id of the message being sent.
final class PendingClientID: Sendable {
    private let value = Mutex<String?>(nil)

    func set(_ clientID: String) { value.withLock { $0 = clientID } }

    func take() -> String? {
        value.withLock { value in
            defer { value = nil }
            return value
        }
    }
}
