/// The message tracker's state: its listener, the range it shows, the visitor's messages on their way, and what it
/// knows of older history.
///
/// A value without I/O. The core tells it what happened and performs the actions it returns: it calls the listener
/// and ends outbox entries, and it reads the store where this value says what to read. So the tracker's rules
/// (what is new, changed or removed, what the listener hears, what a page holds) are tested without a session.
struct TrackerState: Sendable {
    /// What the core does for the tracker.
    enum Action: Sendable, Equatable {
        /// Tell the tracker's listener.
        case report(WindowEvent)
        /// The visitor's message is stored by the service or refused for good: its outbox entry is done.
        case forgetOutboxEntry(clientSideID: String)
    }

    /// What a tracker request does first.
    enum RequestStart: Sendable, Equatable {
        /// The tracker was replaced: it gets an empty page.
        case answerEmpty
        /// Another request runs, or the limit is below 1: nothing happens, as the reference says.
        case ignore
        /// Answer it.
        case proceed
    }

    /// The sent messages shown, and the listener events each change makes.
    private(set) var window = MessageWindow()
    /// The current tracker's listener; nil while there is none.
    private(set) var listener: (any MessageListener)?
    /// Visitor messages the service has not confirmed yet, in sending order (restored from the outbox).
    private(set) var sending: [MessageImpl] = []
    /// The history before the oldest shown message: what the store holds there, and the page asked for ahead.
    var older = OlderPages()
    /// Whether the current tracker was told that it shows the first message of the history.
    private(set) var isHistoryCompleteReported = false

    // MARK: Trackers

    /// A new tracker takes over the listener; the previous tracker is thereby destroyed. Returns its generation.
    mutating func startTracker(listener: any MessageListener) -> Int {
        self.listener = listener
        isHistoryCompleteReported = false
        return window.startTracker()
    }

    /// Whether to report that the current tracker shows the first message, once the store holds the whole history and
    /// nothing before `window.oldest`: once per tracker, and never without one.
    mutating func reportHistoryComplete() -> Bool {
        guard listener != nil, !isHistoryCompleteReported else { return false }
        isHistoryCompleteReported = true
        return true
    }

    /// Stops the tracker of `generation` if it is still the current one.
    mutating func stopTracker(generation: Int) {
        guard generation == window.generation else { return }
        listener = nil
        window.stop()
    }

    /// The session ended: nothing is reported any more, and a prefetch's answer has nowhere to go.
    mutating func sessionEnded() {
        older.dropPrefetch()
        listener = nil
        window.stop()
    }

    // MARK: Requests

    /// What a request of the tracker of `generation` for `limit` messages (nil: all) does.
    func requestStart(generation: Int, limit: Int?) -> RequestStart {
        guard generation == window.generation else { return .answerEmpty }
        guard !window.isBusy, (limit ?? 1) >= 1 else { return .ignore }
        return .proceed
    }

    /// The request asks the service: others wait until it ends.
    mutating func requestWentRemote() { window.isBusy = true }

    /// The remote request of `generation` ended; false when that tracker was replaced meanwhile and gets nothing.
    mutating func requestEnded(generation: Int) -> Bool {
        guard generation == window.generation else { return false }
        window.isBusy = false
        return true
    }

    /// `getLastMessages`: the newest of the `stored` messages and those on their way; the sent ones start the range.
    mutating func showLatest(stored: [MessageImpl], limit: Int) -> [MessageImpl] {
        let page = Array((stored + sending).suffix(limit))
        window.show(latest: page.filter { $0.sendStatus == .sent })
        return page
    }

    /// Where the older history starts now, given the store's `messageChanges`.
    func olderMark(changes: Int) -> StoreMark {
        StoreMark(bound: window.oldest.map(HistoryBound.init), changes: changes)
    }

    /// `getNextMessages` answered with `slice.page`: it joins the range, and what is left before it is remembered
    /// when known.
    mutating func showOlder(_ slice: OlderSlice, changes: Int) {
        window.prepend(older: slice.page)
        older.remember(slice, at: olderMark(changes: changes))
    }

    /// `getAllMessages`: every `stored` message, then those on their way.
    func allMessages(stored: [MessageImpl]) -> [MessageImpl] { stored + sending }

    /// `resetTo(message:)`: ignored for a replaced tracker, while a request runs, or for a message of another kind.
    mutating func reset(generation: Int, to message: any Message) {
        guard generation == window.generation, !window.isBusy, let message = message as? MessageImpl else { return }
        window.reset(to: message)
    }

    // MARK: Messages

    /// The service sent a message. One that confirms a message on its way replaces it (same id), so the listener
    /// hears `changed`, never a second copy, and its outbox entry is done.
    mutating func receive(_ message: MessageImpl) -> [Action] {
        guard let index = sending.firstIndex(where: { $0.id == message.id }) else {
            let events = window.upsert(message, firstSending: sending.first)
            return reports(events)
        }
        let old = sending.remove(at: index)
        let events = window.confirm(message, replacing: old)
        return [.forgetOutboxEntry(clientSideID: message.id)] + reports(events)
    }

    /// The service deleted a message: the store knew it as `storedID`, or the range shows it by `serverSideID`.
    mutating func remove(storedID: String?, serverSideID: String) -> [Action] {
        guard let id = storedID ?? window.message(serverSideID: serverSideID)?.id else { return [] }
        let events = window.remove(id: id)
        return reports(events)
    }

    /// The visitor sent a message: it shows at the end until the service confirms it.
    mutating func addSending(_ message: MessageImpl) -> [Action] {
        sending.append(message)
        return window.isActive ? reports([.added(message, before: nil)]) : []
    }

    /// A message changed here before the service says so (an edit on its way, say).
    mutating func replaceLocally(_ message: MessageImpl) -> [Action] {
        guard let index = sending.firstIndex(where: { $0.id == message.id }) else {
            let events = window.upsert(message, firstSending: sending.first)
            return reports(events)
        }
        let old = sending[index]
        sending[index] = message
        return window.isActive ? reports([.changed(old, to: message)]) : []
    }

    /// The service refused a visitor message for good: its outbox entry is done, whether or not it is still shown.
    mutating func dropSending(id: String) -> [Action] {
        let forget = Action.forgetOutboxEntry(clientSideID: id)
        guard let index = sending.firstIndex(where: { $0.id == id }) else { return [forget] }
        let message = sending.remove(at: index)
        return [forget] + (window.isActive ? reports([.removed(message)]) : [])
    }

    /// `clearHistory()`: every message leaves the range.
    mutating func removeAll() -> [Action] {
        let events = window.removeAll()
        return reports(events)
    }

    /// The chat state or the operator changed: a pending keyboard is canceled locally (PROTOCOL.md §4.7).
    mutating func chatOrOperatorChanged() -> [Action] {
        let events = window.update(where: { $0.keyboard?.state == .pending }, { $0.keyboard?.state = .canceled })
        return reports(events)
    }

    /// The message with `id` as the visitor sees it now: on its way or shown.
    func message(id: String) -> MessageImpl? {
        sending.first { $0.id == id } ?? window.message(id: id)
    }

    /// The window's events as reports; they reach the listener only while there is one. Always called with events
    /// already taken: in `reports(window.upsert(…))` Swift copies `self` for the call before the window changes, the
    /// window's messages are then shared with that copy, and the change copies them all, on every message (a tenth of
    /// the widget server's CPU per event in a `perf` profile of a long chat).
    private func reports(_ events: [WindowEvent]) -> [Action] {
        listener == nil ? [] : events.map(Action.report)
    }
}
