import Synchronization
import WebimClientLibrary

/// The core's messages and files a tab's session has reported, so that actions can name them by id and a
/// file is served only to the tab that saw it.
final class TabMessageIndex: Sendable {
    private struct State {
        var messages: [String: any Message] = [:]
        var files: [String: any FileInfo] = [:]
    }

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
}
