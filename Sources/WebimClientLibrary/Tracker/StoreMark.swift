/// Where the older history starts at one moment: the oldest shown message, and how many writes had changed the
/// stored messages (`HistoryDatabase.messageChanges`). What the store held before it stays true while neither moves.
struct StoreMark: Sendable, Equatable {
    /// The oldest shown message; nil when none is shown, so older history starts now.
    var bound: HistoryBound?
    var changes: Int
}
