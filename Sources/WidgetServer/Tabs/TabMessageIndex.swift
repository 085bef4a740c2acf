import Synchronization
import WebimClientLibrary

/// The core's messages and files a tab's session has reported, so that actions can name them by id and a
/// file is served only to the tab that saw it.
final class TabMessageIndex: Sendable {
    private struct State {
        var messages: [String: any Message] = [:]
        var files: [String: any FileInfo] = [:]
        /// The page's `clientId` → what its first request answered (idempotency).
        var answers: [String: String] = [:]
        var answerOrder: [String] = []
    }

    /// How many `clientId`s are remembered for retries.
    static let answerCapacity = 4096

    private let state = Mutex(State())

    /// Records a message and its files.
    func record(_ message: any Message) {
        let attachment = message.getData()?.getAttachment() ?? message.getAttachment()
        let files = attachment?.getFilesInfo() ?? []
        let quoted = message.getQuote()?.getMessageAttachment()
        state.withLock { state in
            state.messages[message.getID()] = message
            for file in files + [quoted].compactMap({ $0 }) where !file.getGuid().isEmpty {
                state.files[file.getGuid()] = file
            }
        }
    }

    /// Forgets a removed message (its files stay readable: the page may still show them).
    func forget(messageID: String) { _ = state.withLock { $0.messages.removeValue(forKey: messageID) } }

    /// Forgets every message.
    func forgetAll() { state.withLock { $0.messages = [:] } }

    /// The message with this id, if the session reported it.
    func message(id: String) -> (any Message)? { state.withLock { $0.messages[id] } }

    /// The file with this guid, if the session reported a message with it.
    func file(guid: String) -> (any FileInfo)? { state.withLock { $0.files[guid] } }

    /// What the first request with `clientID` answered, if there was one.
    func answer(forClientID clientID: String) -> String? { state.withLock { $0.answers[clientID] } }

    /// Remembers the answer to a request with `clientID`, forgetting the oldest beyond the capacity.
    func remember(answer: String, forClientID clientID: String) {
        state.withLock { state in
            guard state.answers.updateValue(answer, forKey: clientID) == nil else { return }
            state.answerOrder.append(clientID)
            if state.answerOrder.count > Self.answerCapacity {
                state.answers[state.answerOrder.removeFirst()] = nil
            }
        }
    }
}
