import Foundation
import Synchronization
import WebimWire

/// How an action ended.
enum ActionOutcome: Sendable {
    /// The service accepted it; `data` is its answer's payload.
    case success(data: JSONValue?)
    /// The service refused it with this error string (top level or `data.error`, PROTOCOL.md §1.5).
    case failure(String)
    /// The session ended first.
    case canceled
}

/// One request of the action queue (PROTOCOL.md §1.5: actions are strictly ordered).
struct QueuedAction: Sendable {
    /// The HTTP request to make.
    enum Call: Sendable {
        case action(WireAction, [(String, String)])
        case upload(UploadCall)
        case deleteUploadedFile(guid: String)
    }

    /// What an upload sends (PROTOCOL.md §7.1).
    struct UploadCall: Sendable {
        /// The file message's id; nil for `uploadFilesToServer`, whose file waits unattached (PROTOCOL.md §7.1).
        var clientSideID: String?
        var fileName: String
        var mimeType: String
        var data: Data
    }

    private static let sequence = SequenceNumber()

    let id = QueuedAction.sequence.next()
    var call: Call
    /// Send `chat.start` first when the chat is closed (PROTOCOL.md §5.1).
    var startsChat = false
    /// The outbox entry this delivers: a visitor's message, which is retried until the service answers.
    var outboxID: String?
    /// Typing reports are replaced by newer ones while they wait.
    var isTyping = false
    /// Called once, on the executor, with the outcome.
    var onFinish: @Sendable (isolated SessionCore, ActionOutcome) -> Void

    /// Whether network faults are retried forever (messages) or end after five failures (other actions).
    var retriesForever: Bool { outboxID != nil }

    func cancel(_ core: isolated SessionCore) { onFinish(core, .canceled) }
}

/// Ids for queued actions.
final class SequenceNumber: Sendable {
    private let value = Mutex(0)
    func next() -> Int {
        value.withLock {
            $0 += 1
            return $0
        }
    }
}
