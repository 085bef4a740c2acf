import Foundation
import GRDB
import WebimWire

/// History since/before and search (PROTOCOL.md §6, §9), cut by the per-visitor history sequence.
extension ServiceDatabase {
    /// One page of history changes after `since`, in change order, with the revision to ask from next.
    func historySince(visitorID: String, since: Int64, limit: Int) async throws -> HistorySincePage {
        try await read { db in
            let rows = try MessageRecord.filter(
                MessageRecord.Columns.visitorId == visitorID && MessageRecord.Columns.historySeq > since
            ).order(MessageRecord.Columns.historySeq).limit(limit + 1).fetchAll(db)
            let page = Array(rows.prefix(limit))
            let revision = page.last?.historySeq ?? since
            return HistorySincePage(
                messages: page,
                revision: revision,
                hasMore: rows.count > limit,
                openChatID: try Self.openChatID(db, visitorID: visitorID)
            )
        }
    }

    /// A first since-request (no `since`): the newest `limit` live messages, oldest first, the visitor's latest
    /// revision, and whether older messages exist. Older ones are reached by `before-ts`, so a long history is
    /// never sent whole (PROTOCOL.md §12 leaves this open).
    func historyLatest(visitorID: String, limit: Int) async throws -> HistorySincePage {
        try await read { db in
            let live = MessageRecord.filter(
                MessageRecord.Columns.visitorId == visitorID && MessageRecord.Columns.deleted == false
            )
            let rows = try live.order(MessageRecord.Columns.tsMicros.desc).limit(limit + 1).fetchAll(db)
            let revision = try HotQueries.lastHistorySeq(db, visitorID: visitorID)
            return HistorySincePage(
                messages: rows.prefix(limit).reversed(),
                revision: revision,
                hasMore: rows.count > limit,
                openChatID: try Self.openChatID(db, visitorID: visitorID)
            )
        }
    }

    /// The visitor's current chat when it is open.
    static func openChatID(_ db: Database, visitorID: String) throws -> Int64? {
        guard let chat = try HotQueries.currentChat(db, visitorID: visitorID), !ChatStateValue.isClosed(chat.state)
        else { return nil }
        return chat.id
    }

    /// The newest `limit` live messages older than `beforeMicros`, oldest first, and whether older ones exist.
    func historyBefore(
        visitorID: String,
        beforeMicros: Int64,
        limit: Int
    ) async throws -> (
        messages: [MessageRecord], hasMore: Bool, openChatID: Int64?
    ) {
        try await read { db in
            let rows = try MessageRecord.filter(
                MessageRecord.Columns.visitorId == visitorID && MessageRecord.Columns.tsMicros < beforeMicros
                    && MessageRecord.Columns.deleted == false
            ).order(MessageRecord.Columns.tsMicros.desc).limit(limit + 1).fetchAll(db)
            return (
                Array(rows.prefix(limit).reversed()), rows.count > limit, try Self.openChatID(db, visitorID: visitorID)
            )
        }
    }

    /// The visitor's live messages whose text contains `query` (case-insensitive for ASCII), newest first.
    func searchMessages(visitorID: String, query: String, limit: Int) async throws -> [MessageRecord] {
        try await read { db in
            try MessageRecord.filter(
                MessageRecord.Columns.visitorId == visitorID && MessageRecord.Columns.deleted == false
                    && MessageRecord.Columns.text.like("%\(Self.escapeLike(query))%", escape: "\\")
            ).order(MessageRecord.Columns.tsMicros.desc).limit(limit).fetchAll(db)
        }
    }

    /// The visitor's unread count and last history change, for light mode's `info` (PROTOCOL.md §2.9).
    func unreadInfo(visitorID: String) async throws -> (unread: Int, lastChange: Double?) {
        try await read { db in
            let visitor = try VisitorRecord.fetchOne(db, key: visitorID)
            guard let visitor else { return (0, nil) }
            let change = VisitorChange(db: db, visitor: visitor, clock: clock)
            let unread = try change.currentChat()?.unreadByVisitorCount ?? 0
            let last = try MessageRecord.filter(MessageRecord.Columns.visitorId == visitorID)
                .select(max(MessageRecord.Columns.tsMicros), as: Int64?.self).fetchOne(db)
            return (unread, (last ?? nil).map { Double($0) / 1_000_000 })
        }
    }

    private static func escapeLike(_ text: String) -> String {
        text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "%", with: "\\%")
            .replacingOccurrences(of: "_", with: "\\_")
    }
}

/// A history-since page before it becomes wire JSON.
struct HistorySincePage: Sendable {
    var messages: [MessageRecord]
    var revision: Int64
    var hasMore: Bool
    /// The visitor's open chat: only its messages can be edited (as in the delta's CHAT_MESSAGE items).
    var openChatID: Int64?
}
