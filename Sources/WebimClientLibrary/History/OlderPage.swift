import Foundation
import WebimWire

/// A page of older history as the service sent it: its items, oldest first, and each item's JSON when found.
struct OlderPage: Sendable {
    var items: [MessageItem]
    var json: [String]?
    var hasMore: Bool

    /// One history-before request, decoded off the session's executor; nil if it failed.
    static func request(
        before: Int64,
        query: [(String, String)],
        wire: WireClient,
        log: SessionLog
    ) async -> OlderPage? {
        do {
            let (answer, elements) = try await wire.get(
                WireEndpoint.history,
                query: [(WireParameter.beforeTimestamp, String(before))] + query,
                timeout: .seconds(30),
                as: HistoryBeforeResponse.self,
                keepingElementsAt: ["data", "messages"]
            )
            guard answer.error == nil, let page = answer.data else { return nil }
            let items = page.messages ?? []
            // The store keeps each item's JSON as the service wrote it: encoding the decoded items again cost
            // a millisecond for a page of 100, before the page could be shown (`widget-bench history`).
            let json = elements.flatMap { $0.count == items.count ? $0 : nil }
            return OlderPage(items: items, json: json, hasMore: page.hasMore == true && !items.isEmpty)
        } catch {
            if !Task.isCancelled { log(.warning, .messageHistory, "history request failed: \(error)") }
            return nil
        }
    }
}
