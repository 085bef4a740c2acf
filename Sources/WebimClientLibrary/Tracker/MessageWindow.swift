import DequeModule

/// What a `MessageListener` must be told.
enum WindowEvent: Sendable {
    /// `message` goes before `before`; nil means at the end.
    case added(MessageImpl, before: MessageImpl?)
    case changed(MessageImpl, to: MessageImpl)
    case removed(MessageImpl)
    case removedAll
}

/// The range of sent messages a tracker has shown, and the listener events each change makes.
///
/// A value type without I/O: the core feeds it messages and performs the events it returns, so the rules of
/// `MessageListener` (what is reported, and where a message goes) are tested without a network.
struct MessageWindow: Sendable {
    /// Bumped by each new tracker, so that an older tracker knows it was replaced.
    private(set) var generation = 0
    /// Whether the current tracker has asked for messages; until then nothing is reported.
    private(set) var isActive = false
    /// Whether the tracker has a request in flight.
    var isBusy = false
    /// Sent messages shown, oldest first. A deque: paging back through a long history adds a page at the
    /// front each time, which in an array moves every message already shown.
    private(set) var shown: Deque<MessageImpl> = []
    /// The ids in `shown`, so that a new message is known to be new without scanning them all.
    private var shownIDs: Set<String> = []
    /// Messages older than this are outside the range; nil means no lower limit.
    private(set) var lowerBoundMicros: Int64?

    /// A new tracker takes over; the previous one is thereby destroyed.
    mutating func startTracker() -> Int {
        generation += 1
        isActive = false
        isBusy = false
        setShown([])
        lowerBoundMicros = nil
        return generation
    }

    /// The tracker stopped; nothing is reported any more.
    mutating func stop() {
        isActive = false
        isBusy = false
        setShown([])
    }

    /// The tracker's first page: from now on changes in its range are reported.
    mutating func show(latest page: [MessageImpl]) {
        isActive = true
        setShown(page)
        lowerBoundMicros = page.first?.timeMicros
    }

    /// An older page the tracker returned.
    mutating func prepend(older page: [MessageImpl]) {
        guard let first = page.first else { return }
        shown.prepend(contentsOf: page)
        shownIDs.formUnion(page.map(\.id))
        lowerBoundMicros = first.timeMicros
    }

    /// `resetTo(message:)`: messages older than `message` leave the range.
    mutating func reset(to message: MessageImpl) {
        setShown(shown.filter { !Self.precedes($0, message) })
        lowerBoundMicros = message.timeMicros
    }

    /// The oldest shown message.
    var oldest: MessageImpl? { shown.first }

    /// A sent message arrived or changed. `firstSending` is the first unconfirmed message, shown after every sent one.
    mutating func upsert(_ message: MessageImpl, firstSending: MessageImpl?) -> [WindowEvent] {
        guard isActive else { return [] }
        if shownIDs.contains(message.id), let index = shown.firstIndex(where: { $0.id == message.id }) {
            let old = shown[index]
            guard old != message else { return [] }
            shown.remove(at: index)
            shown.insert(message, at: insertionIndex(of: message))
            return [.changed(old, to: message)]
        }
        guard belongs(message) else { return [] }
        let index = insertionIndex(of: message)
        shown.insert(message, at: index)
        shownIDs.insert(message.id)
        let next = index + 1 < shown.count ? shown[index + 1] : firstSending
        return [.added(message, before: next)]
    }

    /// The service confirmed a message that was shown as sending: same id, now sent, among the sent ones.
    mutating func confirm(_ message: MessageImpl, replacing old: MessageImpl) -> [WindowEvent] {
        guard isActive else { return [] }
        shown.insert(message, at: insertionIndex(of: message))
        shownIDs.insert(message.id)
        return [.changed(old, to: message)]
    }

    /// A sent message was removed.
    mutating func remove(id: String) -> [WindowEvent] {
        guard isActive, shownIDs.remove(id) != nil, let index = shown.firstIndex(where: { $0.id == id }) else {
            return []
        }
        return [.removed(shown.remove(at: index))]
    }

    /// Every message was removed.
    mutating func removeAll() -> [WindowEvent] {
        guard isActive else { return [] }
        setShown([])
        lowerBoundMicros = nil
        return [.removedAll]
    }

    /// Changes shown messages in place (a keyboard canceled locally, say).
    mutating func update(where condition: (MessageImpl) -> Bool, _ change: (inout MessageImpl) -> Void) -> [WindowEvent]
    {
        guard isActive else { return [] }
        var events: [WindowEvent] = []
        for index in shown.indices where condition(shown[index]) {
            let old = shown[index]
            change(&shown[index])
            if shown[index] != old { events.append(.changed(old, to: shown[index])) }
        }
        return events
    }

    private mutating func setShown(_ messages: some Sequence<MessageImpl>) {
        shown = Deque(messages)
        shownIDs = Set(shown.map(\.id))
    }

    private func belongs(_ message: MessageImpl) -> Bool {
        guard let lowerBoundMicros else { return true }
        return message.timeMicros >= lowerBoundMicros
    }

    private func insertionIndex(of message: MessageImpl) -> Int {
        var low = 0
        var high = shown.count
        while low < high {
            let middle = (low + high) / 2
            if Self.precedes(shown[middle], message) { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// History order: by time, then by id so that equal times stay stable.
    static func precedes(_ lhs: MessageImpl, _ rhs: MessageImpl) -> Bool {
        (lhs.timeMicros, lhs.id) < (rhs.timeMicros, rhs.id)
    }
}
