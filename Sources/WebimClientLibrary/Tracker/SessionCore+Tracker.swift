import Foundation
import WebimWire

extension SessionCore {
    /// A new tracker takes over the message listener; the previous tracker is thereby destroyed.
    func startTracker(listener: any MessageListener) -> Int {
        messageListener = listener
        return window.startTracker()
    }

    /// Stops a tracker if it is still the active one.
    func stopTracker(generation: Int) {
        guard generation == window.generation else { return }
        messageListener = nil
        window.stop()
    }

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
        guard generation == window.generation else {
            completion.value([])
            return
        }
        guard !window.isBusy, (limit ?? 1) >= 1 else { return }
        if let page = immediate(self) {
            completion.value(page)
            return
        }
        window.isBusy = true
        // Runs on the executor and ends with the session, whose lifetime cancels the request it waits on.
        spawn { core in
            let messages = await remote(core)
            if generation == core.window.generation { core.window.isBusy = false }
            completion.value(generation == core.window.generation && !core.isDestroyed ? messages : [])
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
        guard generation == window.generation, !window.isBusy, (limit ?? 1) >= 1 else { return [] }
        if let page = immediate(self) { return page }
        window.isBusy = true
        let messages = await remote(self)
        guard generation == window.generation, !isDestroyed else { return [] }
        window.isBusy = false
        return messages
    }

    /// `getLastMessages`: the newest stored messages and those on their way. Older history the service sends
    /// later is reachable with `getNextMessages`.
    func latestPage(limit: Int) -> [MessageImpl] {
        let stored = storedMessages(before: nil, limit: limit)
        let page = Array((stored + sendingMessages).suffix(limit))
        window.show(latest: page.filter { $0.sendStatus == .sent })
        return page
    }

    /// `getNextMessages` from local history, when it holds a full page or the service has no more.
    func storedOlderPage(limit: Int) -> [MessageImpl]? {
        let (stored, whole) = storedBeforeShown(limit: limit)
        guard stored.count == limit || historySync.isComplete else { return nil }
        showOlder(stored, rest: whole?.dropLast(stored.count))
        return stored
    }

    /// `getNextMessages`, asking the service for the pages before the oldest message known until a page is full
    /// or history ends. History that arrives meanwhile may move the oldest shown message, hence the loop.
    func remoteOlderPage(limit: Int) async -> [MessageImpl] {
        var (stored, whole) = storedBeforeShown(limit: limit)
        var attempts = 0
        while stored.count < limit, !historySync.isComplete, !isDestroyed, attempts < 5 {
            attempts += 1
            let bound = oldestShownBound
            let changes = history.messageChanges
            let before = stored.first?.timeMicros ?? bound?.micros
            guard let fetched = await fetchOlderHistory(beforeMicros: before) else {
                log(.warning, .messageHistory, "older history unavailable")
                break
            }
            if let known = whole, changes == history.messageChanges, Self.same(bound, oldestShownBound) {
                // The store now holds what it held before the bound and what was fetched: no need to read back
                // what is still being saved.
                let all = Self.historyOrder(of: known + fetched, before: bound)
                (stored, whole) = (Array(all.suffix(limit)), all)
            } else {
                (stored, whole) = storedBeforeShown(limit: limit)
            }
        }
        showOlder(stored, rest: whole?.dropLast(stored.count))
        return stored
    }

    /// The `limit` newest messages the store holds before the oldest shown one, and all it holds there when that
    /// is known: from the last page, if no other write changed the messages since, or because fewer came back.
    private func storedBeforeShown(limit: Int) -> (page: [MessageImpl], whole: [MessageImpl]?) {
        let bound = oldestShownBound
        if let known = olderInStore, known.changes == history.messageChanges, Self.same(known.bound, bound) {
            return (Array(known.messages.suffix(limit)), known.messages)
        }
        let stored = storedMessages(before: bound, limit: limit)
        return (stored, stored.count < limit ? stored : nil)
    }

    /// Shows an older page, and remembers what the store holds before it when that is known.
    private func showOlder(_ page: [MessageImpl], rest: ArraySlice<MessageImpl>?) {
        window.prepend(older: page)
        olderInStore = rest.map {
            OlderInStore(bound: oldestShownBound, messages: Array($0), changes: history.messageChanges)
        }
    }

    private static func same(_ a: (micros: Int64, id: String)?, _ b: (micros: Int64, id: String)?) -> Bool {
        a?.micros == b?.micros && a?.id == b?.id
    }

    /// `messages` before `bound`, oldest first, in history order (time, then id as SQLite compares text); a
    /// message that comes twice is kept in its later version.
    static func historyOrder(of messages: [MessageImpl], before bound: (micros: Int64, id: String)?) -> [MessageImpl] {
        let precedes = { (a: (micros: Int64, id: String), b: (micros: Int64, id: String)) in
            a.micros != b.micros ? a.micros < b.micros : a.id.utf8.lexicographicallyPrecedes(b.id.utf8)
        }
        var byID: [String: MessageImpl] = [:]
        for message in messages { byID[message.id] = message }
        return byID.values
            .filter { message in bound.map { precedes((message.timeMicros, message.id), $0) } ?? true }
            .sorted { precedes(($0.timeMicros, $0.id), ($1.timeMicros, $1.id)) }
    }

    /// `getAllMessages` from local history, when the service has no more.
    func storedAllMessages() -> [MessageImpl]? {
        guard historySync.isComplete else { return nil }
        return allStored() + sendingMessages
    }

    /// `getAllMessages`, fetching what is not stored yet.
    func remoteAllMessages() async -> [MessageImpl] {
        while !historySync.isComplete, !isDestroyed {
            let oldest = try? history.oldestMessageMicros()
            guard await fetchOlderHistory(beforeMicros: oldest ?? nil) != nil else { break }
        }
        return allStored() + sendingMessages
    }

    private var oldestShownBound: (micros: Int64, id: String)? {
        window.oldest.map { (micros: $0.timeMicros, id: $0.id) }
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
    func resetTracker(generation: Int, to message: any Message) {
        guard generation == window.generation, !window.isBusy, let message = message as? MessageImpl else { return }
        window.reset(to: message)
    }

    private func storedMessages(before bound: (micros: Int64, id: String)?, limit: Int) -> [MessageImpl] {
        do {
            return messages(fromStored: try history.messages(before: bound, limit: limit))
        } catch {
            log(.error, .messageHistory, "could not read history: \(error)")
            return []
        }
    }
}

/// What the store holds before the tracker's oldest message (`bound`), known whole after a page: it stays true
/// while no other write changes the messages (`changes`: `HistoryDatabase.messageChanges`).
struct OlderInStore {
    var bound: (micros: Int64, id: String)?
    var messages: [MessageImpl]
    var changes: Int
}
