import DequeModule

/// What a `MessageListener` must be told.
enum WindowEvent: Sendable, Equatable {
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
    /// front each time, which in an array moves every message already shown. Each is held by reference: a
    /// message is 568 bytes, and growing past 65,536 of them moved 37 MB at once (tens of milliseconds for
    /// one page, `widget-bench history`), where moving the references takes well under one.
    private var storage: Deque<ShownMessage> = []
    /// The hash values of the ids shown, and of some removed since: a message whose id's hash is not here is
    /// new without a scan, and one whose hash is here is looked for. Rehashing 98,400 ids as a `Set<String>`
    /// grew took 21 ms for one page; their hashes take 3 ms.
    private var maybeShown: Set<Int> = []

    /// Sent messages shown, oldest first.
    var shown: LazyMapSequence<Deque<ShownMessage>, MessageImpl> { storage.lazy.map(\.message) }
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
        storage.prepend(contentsOf: page.map(ShownMessage.init))
        maybeShown.formUnion(page.map(\.id.hashValue))
        lowerBoundMicros = first.timeMicros
    }

    /// `resetTo(message:)`: messages older than `message` leave the range.
    mutating func reset(to message: MessageImpl) {
        setShown(shown.filter { !Self.precedes($0, message) })
        lowerBoundMicros = message.timeMicros
    }

    /// The oldest shown message.
    var oldest: MessageImpl? { storage.first?.message }

    /// A sent message arrived or changed. `firstSending` is the first unconfirmed message, shown after every sent one.
    mutating func upsert(_ message: MessageImpl, firstSending: MessageImpl?) -> [WindowEvent] {
        guard isActive else { return [] }
        if let index = index(ofID: message.id) {
            let old = storage[index].message
            guard old != message else { return [] }
            storage.remove(at: index)
            storage.insert(ShownMessage(message), at: insertionIndex(of: message))
            return [.changed(old, to: message)]
        }
        guard belongs(message) else { return [] }
        let index = insertionIndex(of: message)
        storage.insert(ShownMessage(message), at: index)
        maybeShown.insert(message.id.hashValue)
        let next = index + 1 < storage.count ? storage[index + 1].message : firstSending
        return [.added(message, before: next)]
    }

    /// The service confirmed a message that was shown as sending: same id, now sent, among the sent ones.
    mutating func confirm(_ message: MessageImpl, replacing old: MessageImpl) -> [WindowEvent] {
        guard isActive else { return [] }
        storage.insert(ShownMessage(message), at: insertionIndex(of: message))
        maybeShown.insert(message.id.hashValue)
        return [.changed(old, to: message)]
    }

    /// A sent message was removed.
    mutating func remove(id: String) -> [WindowEvent] {
        guard isActive, let index = index(ofID: id) else { return [] }
        return [.removed(storage.remove(at: index).message)]
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
        for index in storage.indices where condition(storage[index].message) {
            let old = storage[index].message
            var new = old
            change(&new)
            guard new != old else { continue }
            storage[index] = ShownMessage(new)
            events.append(.changed(old, to: new))
        }
        return events
    }

    private mutating func setShown(_ messages: some Sequence<MessageImpl>) {
        storage = Deque(messages.map(ShownMessage.init))
        maybeShown = Set(storage.map(\.message.id.hashValue))
    }

    /// The shown message with `id`: most ids asked for are new (a send checks its id first), and the hash filter
    /// answers those without a scan; a long chat made every send scan and copy every shown message.
    func message(id: String) -> MessageImpl? { index(ofID: id).map { storage[$0].message } }

    /// The shown message the service knows by `serverSideID`.
    func message(serverSideID: String) -> MessageImpl? {
        storage.first { $0.message.serverSideID == serverSideID }?.message
    }

    /// Where the message with `id` is shown, if it is.
    private func index(ofID id: String) -> Int? {
        guard maybeShown.contains(id.hashValue) else { return nil }
        return storage.firstIndex { $0.message.id == id }
    }

    private func belongs(_ message: MessageImpl) -> Bool {
        guard let lowerBoundMicros else { return true }
        return message.timeMicros >= lowerBoundMicros
    }

    private func insertionIndex(of message: MessageImpl) -> Int {
        var low = 0
        var high = storage.count
        while low < high {
            let middle = (low + high) / 2
            if Self.precedes(storage[middle].message, message) { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// History order: by time, then by id so that equal times stay stable.
    static func precedes(_ lhs: MessageImpl, _ rhs: MessageImpl) -> Bool {
        (lhs.timeMicros, lhs.id) < (rhs.timeMicros, rhs.id)
    }
}

/// A shown message, held by reference in the window (see `MessageWindow.storage`); replaced, never changed.
final class ShownMessage: Sendable {
    let message: MessageImpl

    init(_ message: MessageImpl) { self.message = message }
}
