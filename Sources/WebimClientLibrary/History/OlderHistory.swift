import Foundation
import WebimWire

/// Paging back through the service's history (PROTOCOL.md §6 history-before): each page is stored in the
/// background, and the page before it is asked for at once, so that it is there when the visitor scrolls on. What
/// the tracker knows of those pages (`OlderPages`) decides whether a request waits for one asked ahead.
enum OlderHistory {
    /// Requests the page of history before `beforeMicros` (nil: now) and stores it, in the background: reads and
    /// writes after it still see it. Returns its messages, or nil if nothing was learned: the request failed, or
    /// the page was empty while the history goes on.
    static func fetch(beforeMicros: Int64?, in session: isolated SessionCore) async -> [MessageImpl]? {
        if !session.identity.hasPage { await waitForPage(atMost: session.settings.requestTimeout, in: session) }
        guard session.identity.hasPage else { return nil }
        guard let page = await page(before: beforeMicros ?? WallClock.nowMicros(), in: session) else { return nil }
        let context = session.messageContext
        let messages = page.items.indices.compactMap { index in
            MessageImpl(item: page.items[index], context: context).map { ($0, page.items[index], page.json?[index]) }
        }
        let log = session.log
        let records = messages.map { message, item, json in message.storedRecord(item: item, json: json) }
        session.history.saveLater(olderMessages: records) {
            log(.error, .messageHistory, "could not store older history: \($0)")
        }
        if !page.hasMore { session.historySync.markEnded(in: session) }
        let changes = session.history.messageChanges
        let shown = messages.map(\.0)
        if let order = session.tracker.state.older.prefetch(after: shown, hasMore: page.hasMore, changes: changes) {
            prefetch(order, in: session)
        }
        return page.items.isEmpty && !session.historySync.isComplete ? nil : messages.map(\.0)
    }

    /// The page before `before`: the one asked for ahead, when the tracker says it may answer, else a new request.
    private static func page(before: Int64, in session: isolated SessionCore) async -> OlderPage? {
        let prefetch = session.tracker.state.older.prefetch(before: before, changes: session.history.messageChanges)
        if let prefetch { await session.waitUntil { session.tracker.state.older.isSettled(prefetch) } }
        if let page = session.tracker.state.older.takePrefetch(prefetch) { return page }
        let query = session.identity.authorization
        return await OlderPage.request(before: before, query: query, wire: session.wire, log: session.log)
    }

    /// Performs a prefetch the tracker ordered; its answer wakes the request waiting for it, if any.
    private static func prefetch(_ order: OlderPages.Prefetch, in session: isolated SessionCore) {
        let (query, wire, log) = (session.identity.authorization, session.wire, session.log)
        session.spawn { core in
            let page = await OlderPage.request(before: order.before, query: query, wire: wire, log: log)
            if core.tracker.state.older.prefetchAnswered(order, page: page) { core.wakeAll() }
        }
    }

    /// Waits until init gave a page, or `limit` passed (the service may be unreachable).
    private static func waitForPage(atMost limit: Duration, in session: isolated SessionCore) async {
        let clock = session.clock
        await withTaskGroup(of: Void.self) { group in
            group.addTask { await session.within { core in await core.waitUntil { core.identity.hasPage } } }
            group.addTask { await clock.sleep(for: limit) }
            await group.next()
            group.cancelAll()
        }
    }
}
