import Foundation
import WebimWire

// The tracker's requests: pages of the store, and of the service when the store does not hold them yet.
extension MessageTracking {
    /// A new tracker takes over the message listener; the previous tracker is thereby destroyed.
    func startTracker(listener: any MessageListener) -> Int { state.startTracker(listener: listener) }

    /// Stops a tracker if it is still the active one.
    func stopTracker(generation: Int) { state.stopTracker(generation: generation) }

    /// `resetTo(message:)`.
    func resetTracker(generation: Int, to message: any Message) { state.reset(generation: generation, to: message) }

    /// Runs one tracker request and hands its page to `completion` on the executor: at once when local history
    /// answers it (`immediate`), else after asking the service (`remote`).
    ///
    /// Does nothing while another request of the tracker runs or for a limit below 1, as the reference says; a
    /// replaced tracker gets an empty page.
    func request(
        generation: Int,
        limit: Int?,
        in session: isolated SessionCore,
        completion: ExecutorBound<([any Message]) -> Void>,
        immediate: (isolated SessionCore) -> [MessageImpl]?,
        remote: @escaping @Sendable (isolated SessionCore) async -> [MessageImpl]
    ) {
        switch state.requestStart(generation: generation, limit: limit) {
        case .answerEmpty:
            completion.value([])
            return
        case .ignore:
            return
        case .proceed:
            break
        }
        if let page = immediate(session) {
            completion.value(page)
            return
        }
        state.requestWentRemote()
        // Runs on the executor and ends with the session, whose lifetime cancels the request it waits on.
        session.spawn { core in
            let messages = await remote(core)
            let isCurrent = core.tracker.state.requestEnded(generation: generation)
            completion.value(isCurrent && !core.isDestroyed ? messages : [])
        }
    }

    /// The async form of `request`: a request while another runs, or with a limit below 1, answers an empty page
    /// instead of nothing.
    func page(
        generation: Int,
        limit: Int?,
        in session: isolated SessionCore,
        immediate: (isolated SessionCore) -> [MessageImpl]?,
        remote: (isolated SessionCore) async -> [MessageImpl]
    ) async throws -> [any Message] {
        guard !session.isDestroyed else { throw AccessError.invalidSession }
        guard state.requestStart(generation: generation, limit: limit) == .proceed else { return [] }
        if let page = immediate(session) { return page }
        state.requestWentRemote()
        let messages = await remote(session)
        guard !session.isDestroyed, state.requestEnded(generation: generation) else { return [] }
        return messages
    }

    /// `getLastMessages`: the newest stored messages and those on their way. Older history the service sends
    /// later is reachable with `getNextMessages`.
    func latestPage(limit: Int, in session: isolated SessionCore) -> [MessageImpl] {
        defer { noticeHistoryComplete(in: session) }
        return state.showLatest(stored: storedMessages(before: nil, limit: limit, in: session), limit: limit)
    }

    /// `getNextMessages` from local history, when it holds a full page or the service has no more.
    func storedOlderPage(limit: Int, in session: isolated SessionCore) -> [MessageImpl]? {
        let slice = storedBeforeShown(limit: limit, in: session)
        guard slice.page.count == limit || session.historySync.isComplete else { return nil }
        state.showOlder(slice, changes: session.history.messageChanges)
        noticeHistoryComplete(in: session)
        return slice.page
    }

    /// `getNextMessages`, asking the service for the pages before the oldest message known until a page is full
    /// or history ends. History that arrives meanwhile may move the oldest shown message, hence the loop.
    func remoteOlderPage(limit: Int, in session: isolated SessionCore) async -> [MessageImpl] {
        var slice = storedBeforeShown(limit: limit, in: session)
        var attempts = 0
        while slice.page.count < limit, !session.historySync.isComplete, !session.isDestroyed, attempts < 5 {
            attempts += 1
            let mark = state.olderMark(changes: session.history.messageChanges)
            let before = slice.page.first?.timeMicros ?? mark.bound?.micros
            guard let fetched = await OlderHistory.fetch(beforeMicros: before, in: session) else {
                session.log(.warning, .messageHistory, "older history unavailable")
                break
            }
            // When nothing else moved, the store now holds what it held before the bound and what was fetched: no
            // need to read back what is still being saved.
            if mark == state.olderMark(changes: session.history.messageChanges),
                let known = slice.adding(fetched: fetched, before: mark.bound, limit: limit)
            {
                slice = known
            } else {
                slice = storedBeforeShown(limit: limit, in: session)
            }
        }
        state.showOlder(slice, changes: session.history.messageChanges)
        noticeHistoryComplete(in: session)
        return slice.page
    }

    /// Tells `historyCompleteObserver`, once per tracker, when the store holds the whole history and nothing older
    /// than the oldest message the tracker shows (or nothing at all while it shows none). A read that fails tells
    /// nothing: offering older messages that are not there costs a tap, hiding some that are would lose them.
    func noticeHistoryComplete(in session: isolated SessionCore) {
        guard session.settings.historyCompleteObserver != nil, session.historySync.isComplete else { return }
        let bound = state.olderMark(changes: session.history.messageChanges).bound
        guard let older = try? session.history.messages(before: bound?.tuple, limit: 1), older.isEmpty,
            state.reportHistoryComplete()
        else { return }
        session.settings.historyCompleteObserver?()
    }

    /// `getAllMessages` from local history, when the service has no more.
    func storedAllMessages(in session: isolated SessionCore) -> [MessageImpl]? {
        guard session.historySync.isComplete else { return nil }
        return state.allMessages(stored: allStored(in: session))
    }

    /// `getAllMessages`, fetching what is not stored yet.
    func remoteAllMessages(in session: isolated SessionCore) async -> [MessageImpl] {
        while !session.historySync.isComplete, !session.isDestroyed {
            let oldest = try? session.history.oldestMessageMicros()
            guard await OlderHistory.fetch(beforeMicros: oldest ?? nil, in: session) != nil else { break }
        }
        return state.allMessages(stored: allStored(in: session))
    }

    /// The `limit` newest messages the store holds before the oldest shown one, and all it holds there when that
    /// is known: from the last page, if no other write changed the messages since, or because fewer came back.
    private func storedBeforeShown(limit: Int, in session: isolated SessionCore) -> OlderSlice {
        let mark = state.olderMark(changes: session.history.messageChanges)
        if let known = state.older.known(at: mark, limit: limit) { return known }
        return OlderSlice(read: storedMessages(before: mark.bound, limit: limit, in: session), limit: limit)
    }

    private func allStored(in session: isolated SessionCore) -> [MessageImpl] {
        messages(fromStored: (try? session.history.allMessages()) ?? [], in: session)
    }

    private func storedMessages(
        before bound: HistoryBound?,
        limit: Int,
        in session: isolated SessionCore
    )
        -> [MessageImpl]
    {
        do {
            return messages(fromStored: try session.history.messages(before: bound?.tuple, limit: limit), in: session)
        } catch {
            session.log(.error, .messageHistory, "could not read history: \(error)")
            return []
        }
    }

    /// Stored rows as messages: a row this version cannot read is logged and left out, never shown as another kind.
    private func messages(fromStored rows: [StoredMessageRecord], in session: isolated SessionCore) -> [MessageImpl] {
        let context = session.messageContext
        return rows.compactMap { row in
            do {
                return try MessageImpl(stored: row, context: context)
            } catch {
                session.log(.error, .messageHistory, "could not read a stored message: \(error)")
                return nil
            }
        }
    }
}
