import Foundation
import WebimWire

extension SessionCore {
    /// Keeps local history in step with the service (PROTOCOL.md §6): a since-request after init, then on each
    /// new `HISTORY_REVISION`, or every 60 s when the service does not announce revisions.
    func runHistoryLoop() async {
        var syncedAnnouncement: String?
        var failures = 0
        while !isDestroyed, !Task.isCancelled {
            await waitUntil { lifecycle.isRunning && identity.hasPage }
            guard !isDestroyed else { return }
            let announcement = historySync.announcedRevision
            guard await fetchHistorySince() else {
                // PROTOCOL.md §6: a failed request stalls polling; retry gently rather than spin.
                failures = min(failures + 1, 60)
                await clock.sleep(for: .seconds(failures))
                continue
            }
            failures = 0
            syncedAnnouncement = announcement
            if historySync.isAnnounced {
                await waitUntil { historySync.announcedRevision != syncedAnnouncement || !identity.hasPage }
            } else {
                await clock.sleep(for: .seconds(60))
            }
        }
    }

    /// Requests history since the stored revision until the service has no more; false if it failed.
    private func fetchHistorySince() async -> Bool {
        while !isDestroyed {
            var query = identity.authorization
            let requestedSince = historySync.storedRevision
            if let requestedSince { query.insert((WireParameter.since, requestedSince), at: 0) }
            let answer: HistorySinceResponse
            do {
                answer = try await wire.get(
                    WireEndpoint.history,
                    query: query,
                    timeout: .seconds(30),
                    as: HistorySinceResponse.self
                )
            } catch {
                // A destroyed session cancels its request; that is not worth a warning.
                if !isDestroyed, !Task.isCancelled {
                    log(.warning, .messageHistory, "history request failed: \(error)")
                }
                return false
            }
            if let error = answer.error {
                if error == WireError.reinitRequired { dropAuthorization() }
                return false
            }
            guard let page = answer.data else { return false }
            apply(historyPage: page.messages ?? [])
            if let revision = page.revision {
                historySync.storedRevision = revision
                let log = self.log
                history.saveLater(historyRevision: revision) {
                    log(.error, .messageHistory, "could not store the history revision: \($0)")
                }
            }
            if requestedSince == nil, page.hasMore != true { markHistoryEnded() }
            guard requestedSince != nil, page.hasMore == true else { return true }
        }
        return false
    }

    /// Requests the page of history before `beforeMicros` (nil: now) and stores it, in the background: reads and
    /// writes after it still see it. Returns its messages, or nil if nothing was learned: the request failed, or
    /// the page was empty while the history goes on.
    ///
    /// The page before it is asked for at once, so that it is there when the visitor scrolls on.
    func fetchOlderHistory(beforeMicros: Int64?) async -> [MessageImpl]? {
        if !identity.hasPage { await waitForPage(atMost: settings.requestTimeout) }
        guard identity.hasPage else { return nil }
        guard let page = await olderPage(before: beforeMicros ?? WallClock.nowMicros()) else { return nil }
        let context = messageContext
        let messages = page.items.indices.compactMap { index in
            MessageImpl(item: page.items[index], context: context).map { ($0, page.items[index], page.json?[index]) }
        }
        let log = self.log
        let records = messages.map { message, item, json in message.storedRecord(item: item, json: json) }
        history.saveLater(olderMessages: records) {
            log(.error, .messageHistory, "could not store older history: \($0)")
        }
        if !page.hasMore { markHistoryEnded() }
        let changes = history.messageChanges
        if let order = tracker.older.prefetch(after: messages.map(\.0), hasMore: page.hasMore, changes: changes) {
            prefetch(order)
        }
        return page.items.isEmpty && !historySync.isComplete ? nil : messages.map(\.0)
    }

    /// The page before `before`: the one asked for ahead, when the tracker says it may answer, else a new request.
    private func olderPage(before: Int64) async -> OlderPage? {
        let prefetch = tracker.older.prefetch(before: before, changes: history.messageChanges)
        if let prefetch { await waitUntil { tracker.older.isSettled(prefetch) } }
        if let page = tracker.older.takePrefetch(prefetch) { return page }
        return await OlderPage.request(before: before, query: identity.authorization, wire: wire, log: log)
    }

    /// Performs a prefetch the tracker ordered; its answer wakes the request waiting for it, if any.
    private func prefetch(_ order: OlderPages.Prefetch) {
        let (query, wire, log) = (identity.authorization, wire, log)
        spawn { core in
            let page = await OlderPage.request(before: order.before, query: query, wire: wire, log: log)
            if core.tracker.older.prefetchAnswered(order, page: page) { core.wakeAll() }
        }
    }

    /// Waits until init gave a page, or `limit` passed (the service may be unreachable).
    private func waitForPage(atMost limit: Duration) async {
        await withTaskGroup(of: Void.self) { group in
            group.addTask { await self.waitUntilAuthorized() }
            group.addTask { [clock] in await clock.sleep(for: limit) }
            await group.next()
            group.cancelAll()
        }
    }

    private func waitUntilAuthorized() async { await waitUntil { identity.hasPage } }

    /// Stores a since-page: deletions remove, everything else inserts or replaces (PROTOCOL.md §6).
    private func apply(historyPage items: [MessageItem]) {
        for item in items where item.deleted == true { removeMessage(serverSideID: item.id) }
        receive(items.filter { $0.deleted != true })
    }

    private func markHistoryEnded() {
        historySync.isComplete = true
        try? history.set("1", forKey: .historyEnded)
        noticeHistoryComplete()
    }
}

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
