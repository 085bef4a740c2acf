package import Foundation

extension Webim {
    /// Whether the visitor stored in `storageDirectory` (`SessionBuilder.set(storageDirectory:)`, default chat
    /// instance) has messages in the outbox that no service has confirmed, so that a server can open a session
    /// for them with no page and deliver them. Not in the reference, and `package`: the SDK's app is always open
    /// when it has something to send.
    package static func hasUnsentMessages(storageDirectory: URL) -> Bool {
        let directory = SessionSettings.historyDirectory(in: storageDirectory)
        guard FileManager.default.fileExists(atPath: directory.appendingPathComponent("history.sqlite").path),
            let database = try? HistoryDatabase(directory: directory)
        else { return false }
        defer { try? database.close() }
        return (try? database.outbox().isEmpty) == false
    }
}
