import Foundation
import WebimWire

/// History sync: keeps the local store in step with the service (PROTOCOL.md §6): a since-request after init, then
/// on each new `HISTORY_REVISION`, or every 60 s when the service does not announce revisions. Confined to the
/// session's executor.
final class HistorySyncLoop {
    /// How far the store follows the service.
    var state = HistorySync()

    /// Whether the store holds every message back to the first.
    var isComplete: Bool { state.isComplete }

    func run(in session: isolated SessionCore) async {
        var syncedAnnouncement: String?
        var failures = 0
        while !session.isDestroyed, !Task.isCancelled {
            await session.waitUntil { session.lifecycle.isRunning && session.identity.hasPage }
            guard !session.isDestroyed else { return }
            let announcement = state.announcedRevision
            guard await fetchSince(in: session) else {
                // PROTOCOL.md §6: a failed request stalls polling; retry gently rather than spin.
                failures = min(failures + 1, 60)
                await session.clock.sleep(for: .seconds(failures))
                continue
            }
            failures = 0
            syncedAnnouncement = announcement
            if state.isAnnounced {
                await session.waitUntil {
                    self.state.announcedRevision != syncedAnnouncement || !session.identity.hasPage
                }
            } else {
                await session.clock.sleep(for: .seconds(60))
            }
        }
    }

    /// The store now holds the first message: older history needs no request any more.
    func markEnded(in session: isolated SessionCore) {
        state.isComplete = true
        try? session.history.set("1", forKey: .historyEnded)
        session.tracker.noticeHistoryComplete(in: session)
    }

    /// Requests history since the stored revision until the service has no more; false if it failed.
    private func fetchSince(in session: isolated SessionCore) async -> Bool {
        while !session.isDestroyed {
            var query = session.identity.authorization
            let requestedSince = state.storedRevision
            if let requestedSince { query.insert((WireParameter.since, requestedSince), at: 0) }
            let answer: HistorySinceResponse
            do {
                answer = try await session.wire.get(
                    WireEndpoint.history,
                    query: query,
                    timeout: .seconds(30),
                    as: HistorySinceResponse.self
                )
            } catch {
                // A destroyed session cancels its request; that is not worth a warning.
                if !session.isDestroyed, !Task.isCancelled {
                    session.log(.warning, .messageHistory, "history request failed: \(error)")
                }
                return false
            }
            if let error = answer.error {
                if error == WireError.reinitRequired { session.dropAuthorization() }
                return false
            }
            guard let page = answer.data else { return false }
            apply(historyPage: page.messages ?? [], in: session)
            if let revision = page.revision {
                state.storedRevision = revision
                let log = session.log
                session.history.saveLater(historyRevision: revision) {
                    log(.error, .messageHistory, "could not store the history revision: \($0)")
                }
            }
            if requestedSince == nil, page.hasMore != true { markEnded(in: session) }
            guard requestedSince != nil, page.hasMore == true else { return true }
        }
        return false
    }

    /// Stores a since-page: deletions remove, everything else inserts or replaces (PROTOCOL.md §6).
    private func apply(historyPage items: [MessageItem], in session: isolated SessionCore) {
        for item in items where item.deleted == true { session.tracker.remove(serverSideID: item.id, in: session) }
        session.tracker.receive(items.filter { $0.deleted != true }, in: session)
    }
}
