/// Where a message stands in history order: by time, then by id as SQLite compares text (UTF-8 bytes), so that the
/// tracker's pages agree with what `HistoryDatabase.messages(before:limit:)` reads.
struct HistoryBound: Sendable, Equatable {
    var micros: Int64
    var id: String

    init(micros: Int64, id: String) {
        self.micros = micros
        self.id = id
    }

    init(_ message: MessageImpl) { self.init(micros: message.timeMicros, id: message.id) }

    /// The form the history database takes.
    var tuple: (micros: Int64, id: String) { (micros, id) }

    /// Whether `self` comes before `other` in history order.
    func precedes(_ other: HistoryBound) -> Bool {
        micros != other.micros ? micros < other.micros : id.utf8.lexicographicallyPrecedes(other.id.utf8)
    }
}
