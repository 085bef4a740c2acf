import Foundation
import HTTPAPI
import WebimClientLibrary

/// A tab's history as the page reads it: older pages, and the whole as a transcript. The tracker answers one
/// request at a time, so a second read meanwhile is 409 `history_busy`.
struct TabHistory: Sendable {
    let tab: TabSession

    /// Older messages before `beforeID` (the newest page when nil), oldest first, read from the projection
    /// and then from the tracker, so that nothing the tab already got is fetched again.
    func messages(before beforeID: String?, limit: Int) async throws -> (messages: [WidgetMessage], hasMore: Bool) {
        try await tab.perform { tab in
            let events = tab.events
            guard let (available, countBefore) = events.messages(before: beforeID, limit: limit) else {
                throw APIError.unknownMessage(field: "before")
            }
            // With fewer than `limit` before it, `available` is all of them, and the tracker reads the rest.
            guard countBefore < limit, events.hasMoreHistory else {
                return (available, countBefore > limit || events.hasMoreHistory)
            }
            let tracker = try Self.startReading(in: tab)
            defer { tab.live?.isReadingHistory = false }
            var older: [ShownMessage] = []
            var hasMore = true
            while available.count + older.count < limit {
                let wanted = limit - available.count - older.count
                let page = try await tracker.getNextMessages(byLimit: wanted)
                older = page.map { tab.listener.shownMessage($0, clientID: nil) } + older
                if page.count < wanted {
                    hasMore = false
                    break
                }
            }
            events.prependHistory(older, hasMore: hasMore)
            return (older.map(\.widget) + available, hasMore)
        }
    }

    /// The whole history as plain text, one line per message.
    func transcript() async throws -> String {
        try await tab.perform { tab in
            let tracker = try Self.startReading(in: tab)
            defer { tab.live?.isReadingHistory = false }
            let messages = try await tracker.getAllMessages()
            let formatter = ISO8601DateFormatter()
            return messages.map { message in
                let sender =
                    message.getSenderName().isEmpty ? message.getType().contractName : message.getSenderName()
                var text = message.getText()
                if let files = (message.getData()?.getAttachment() ?? message.getAttachment())?.getFilesInfo(),
                    !files.isEmpty
                {
                    text +=
                        (text.isEmpty ? "" : " ") + files.map { "[file: \($0.getFileName())]" }.joined(separator: " ")
                }
                return "[\(formatter.string(from: message.getTime()))] \(sender): \(text)"
            }.joined(separator: "\n") + "\n"
        }
    }

    /// The tracker, marked busy for one read; 409 once the session is gone or while another read runs.
    private static func startReading(in tab: isolated TabSession) throws -> SendableTracker {
        guard let live = tab.live else { throw APIError.sessionEnded }
        guard !live.isReadingHistory else { throw APIError.historyBusy }
        tab.live?.isReadingHistory = true
        return SendableTracker(tracker: live.tracker)
    }
}

/// A tracker handed to its own `async` methods, which may run on any task (MessageTracker's documentation):
/// they hop to the session's executor themselves, so no other member is touched off it.
private struct SendableTracker: @unchecked Sendable {
    let tracker: any MessageTracker

    func getNextMessages(byLimit limit: Int) async throws -> [any Message] {
        try await tracker.getNextMessages(byLimit: limit)
    }

    func getAllMessages() async throws -> [any Message] { try await tracker.getAllMessages() }
}
