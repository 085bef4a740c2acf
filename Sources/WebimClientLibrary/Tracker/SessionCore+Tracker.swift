import Foundation
import WebimWire

extension SessionCore {
    /// A new tracker takes over the message listener; the previous tracker is thereby destroyed.
    func startTracker(listener: any MessageListener) -> Int { tracker.startTracker(listener: listener) }

    /// Stops a tracker if it is still the active one.
    func stopTracker(generation: Int) { tracker.stopTracker(generation: generation) }

    /// Runs one tracker request and hands its page to `completion` on the executor: at once when local history
    /// answers it (`immediate`), else after asking the service (`remote`).
    ///
    /// Does nothing while another request of the tracker runs or for a limit below 1, as the reference says; a
    /// replaced tracker gets an empty page.
    func trackerRequest(
        generation: Int,
        limit: Int?,
        completion: ExecutorBound<([any Message]) -> Void>,
        immediate: (isolated SessionCore) -> [MessageImpl]?,
        remote: @escaping @Sendable (isolated SessionCore) async -> [MessageImpl]
    ) {
        switch tracker.requestStart(generation: generation, limit: limit) {
        case .answerEmpty:
            completion.value([])
            return
        case .ignore:
            return
        case .proceed:
            break
        }
        if let page = immediate(self) {
            completion.value(page)
            return
        }
        tracker.requestWentRemote()
        // Runs on the executor and ends with the session, whose lifetime cancels the request it waits on.
        spawn { core in
            let messages = await remote(core)
            let isCurrent = core.tracker.requestEnded(generation: generation)
            completion.value(isCurrent && !core.isDestroyed ? messages : [])
        }
    }

    /// The async form of `trackerRequest`: it hops to the executor itself, so any task may call it. A request while
    /// another runs, or with a limit below 1, answers an empty page instead of nothing.
    func trackerPage(
        generation: Int,
        limit: Int?,
        immediate: @Sendable (isolated SessionCore) -> [MessageImpl]?,
        remote: @Sendable (isolated SessionCore) async -> [MessageImpl]
    ) async throws -> [any Message] {
        guard !isDestroyed else { throw AccessError.invalidSession }
        guard tracker.requestStart(generation: generation, limit: limit) == .proceed else { return [] }
        if let page = immediate(self) { return page }
        tracker.requestWentRemote()
        let messages = await remote(self)
        guard !isDestroyed, tracker.requestEnded(generation: generation) else { return [] }
        return messages
    }

    /// `getLastMessages`: the newest stored messages and those on their way. Older history the service sends
    /// later is reachable with `getNextMessages`.
    func latestPage(limit: Int) -> [MessageImpl] {
        defer { noticeHistoryComplete() }
        return tracker.showLatest(stored: storedMessages(before: nil, limit: limit), limit: limit)
    }

    /// `getNextMessages` from local history, when it holds a full page or the service has no more.
    func storedOlderPage(limit: Int) -> [MessageImpl]? {
        let slice = storedBeforeShown(limit: limit)
        guard slice.page.count == limit || historySync.isComplete else { return nil }
        tracker.showOlder(slice, changes: history.messageChanges)
        noticeHistoryComplete()
        return slice.page
    }

    /// `getNextMessages`, asking the service for the pages before the oldest message known until a page is full
    /// or history ends. History that arrives meanwhile may move the oldest shown message, hence the loop.
    func remoteOlderPage(limit: Int) async -> [MessageImpl] {
        var slice = storedBeforeShown(limit: limit)
        var attempts = 0
        while slice.page.count < limit, !historySync.isComplete, !isDestroyed, attempts < 5 {
            attempts += 1
            let mark = tracker.olderMark(changes: history.messageChanges)
            let before = slice.page.first?.timeMicros ?? mark.bound?.micros
            guard let fetched = await fetchOlderHistory(beforeMicros: before) else {
                log(.warning, .messageHistory, "older history unavailable")
                break
            }
            // When nothing else moved, the store now holds what it held before the bound and what was fetched: no
            // need to read back what is still being saved.
            if mark == tracker.olderMark(changes: history.messageChanges),
                let known = slice.adding(fetched: fetched, before: mark.bound, limit: limit)
            {
                slice = known
            } else {
                slice = storedBeforeShown(limit: limit)
            }
        }
        tracker.showOlder(slice, changes: history.messageChanges)
        noticeHistoryComplete()
        return slice.page
    }

    /// Tells `historyCompleteObserver`, once per tracker, when the store holds the whole history and nothing older
    /// than the oldest message the tracker shows (or nothing at all while it shows none). A read that fails tells
    /// nothing: offering older messages that are not there costs a tap, hiding some that are would lose them.
    func noticeHistoryComplete() {
        guard settings.historyCompleteObserver != nil, historySync.isComplete else { return }
        let bound = tracker.olderMark(changes: history.messageChanges).bound
        guard let older = try? history.messages(before: bound?.tuple, limit: 1), older.isEmpty,
            tracker.reportHistoryComplete()
        else { return }
        settings.historyCompleteObserver?()
    }

    /// The `limit` newest messages the store holds before the oldest shown one, and all it holds there when that
    /// is known: from the last page, if no other write changed the messages since, or because fewer came back.
    private func storedBeforeShown(limit: Int) -> OlderSlice {
        let mark = tracker.olderMark(changes: history.messageChanges)
        if let known = tracker.older.known(at: mark, limit: limit) { return known }
        return OlderSlice(read: storedMessages(before: mark.bound, limit: limit), limit: limit)
    }

    /// `getAllMessages` from local history, when the service has no more.
    func storedAllMessages() -> [MessageImpl]? {
        guard historySync.isComplete else { return nil }
        return tracker.allMessages(stored: allStored())
    }

    /// `getAllMessages`, fetching what is not stored yet.
    func remoteAllMessages() async -> [MessageImpl] {
        while !historySync.isComplete, !isDestroyed {
            let oldest = try? history.oldestMessageMicros()
            guard await fetchOlderHistory(beforeMicros: oldest ?? nil) != nil else { break }
        }
        return tracker.allMessages(stored: allStored())
    }

    private func allStored() -> [MessageImpl] { messages(fromStored: (try? history.allMessages()) ?? []) }

    /// Stored rows as messages: a row this version cannot read is logged and left out, never shown as another kind.
    private func messages(fromStored rows: [StoredMessageRecord]) -> [MessageImpl] {
        let context = messageContext
        return rows.compactMap { row in
            do {
                return try MessageImpl(stored: row, context: context)
            } catch {
                log(.error, .messageHistory, "could not read a stored message: \(error)")
                return nil
            }
        }
    }

    /// `resetTo(message:)`.
    func resetTracker(generation: Int, to message: any Message) { tracker.reset(generation: generation, to: message) }

    private func storedMessages(before bound: HistoryBound?, limit: Int) -> [MessageImpl] {
        do {
            return messages(fromStored: try history.messages(before: bound?.tuple, limit: limit))
        } catch {
            log(.error, .messageHistory, "could not read history: \(error)")
            return []
        }
    }
}
