import Foundation
import WebimWire

/// What the protocol only reads: history since and before, search, online status and the location config
/// (PROTOCOL.md §6, §9). It changes nothing, so it needs only the database and the scenario library.
struct HistoryReads: Sendable {
    let database: ServiceDatabase
    let library: ScenarioLibrary

    /// Messages per history page; PROTOCOL.md §12 leaves page sizes open.
    static let historyPageSize = 100

    /// `GET /l/v/m/history`: `since=<revision>` (or none) pages through changes; `before-ts=<µs>` scrolls back.
    func history(_ query: [String: String]) async throws -> HistoryAnswer {
        guard let visitor = try await database.authorizedVisitor(query) else {
            return .since(HistorySinceResponse(result: nil, error: WireError.reinitRequired))
        }
        if visitor.banned { return .since(HistorySinceResponse(result: nil, error: WireError.visitorBanned)) }
        // Editable as in the delta: the visitor's own messages in the open chat, where the location allows it;
        // a history page saying otherwise would make the client's copy uneditable.
        let editing = library.location(visitor.location).flag(LocationConfigResponse.Key.visitorMessageEditing)
        func wire(_ message: MessageRecord, openChatID: Int64?) -> MessageItem {
            message.wireItem(editable: editing && message.chatId == openChatID)
        }
        if let beforeText = query[WireParameter.beforeTimestamp] {
            guard let before = Int64(beforeText) else {
                return .before(HistoryBeforeResponse(result: nil, error: WireError.wrongArgumentValue))
            }
            let page = try await database.historyBefore(
                visitorID: visitor.id,
                beforeMicros: before,
                limit: Self.historyPageSize
            )
            return .before(
                HistoryBeforeResponse(
                    data: .init(
                        hasMore: page.hasMore,
                        messages: page.messages.map { wire($0, openChatID: page.openChatID) }
                    )
                )
            )
        }
        let sinceText = query[WireParameter.since] ?? ""
        guard let since = sinceText.isEmpty ? 0 : Int64(sinceText) else {
            return .since(HistorySinceResponse(result: nil, error: WireError.wrongArgumentValue))
        }
        // A first request gets the newest page and the current revision; later ones get the changes since.
        let page =
            sinceText.isEmpty
            ? try await database.historyLatest(visitorID: visitor.id, limit: Self.historyPageSize)
            : try await database.historySince(visitorID: visitor.id, since: since, limit: Self.historyPageSize)
        let messages = page.messages.map { wire($0, openChatID: page.openChatID) }
        return .since(
            HistorySinceResponse(
                data: .init(revision: String(page.revision), hasMore: page.hasMore, messages: messages)
            )
        )
    }

    /// `GET /l/v/m/search-messages?query=`: the visitor's live messages containing the text, newest first.
    func search(_ query: [String: String]) async throws -> SearchResponse {
        guard let visitor = try await database.authorizedVisitor(query) else {
            return SearchResponse(result: nil, error: WireError.reinitRequired)
        }
        let text = (query[WireParameter.query] ?? "").trimmingCharacters(in: .whitespaces)
        guard !text.isEmpty else { return SearchResponse(data: .init(count: 0, items: [])) }
        let found = try await database.searchMessages(visitorID: visitor.id, query: text, limit: Self.historyPageSize)
        return SearchResponse(data: .init(count: found.count, items: found.map { $0.wireItem() }))
    }

    /// `GET /l/v/m/get-online-status?location=`.
    func onlineStatus(_ query: [String: String]) async throws -> OnlineStatusResponse {
        let location = library.location(query[WireParameter.location] ?? "default")
        let status = try await database.onlineStatus(location: location.name)
        return OnlineStatusResponse(onlineStatus: status, onlineOperators: OnlineStatusValue.isOnline(status))
    }

    /// The location config (PROTOCOL.md §9), with the location's departments' current state.
    func locationConfig(_ name: String) -> LocationConfigResponse {
        library.location(name).config
    }
}

/// A history answer: a since page or a before page.
enum HistoryAnswer: Sendable {
    case since(HistorySinceResponse)
    case before(HistoryBeforeResponse)
}
