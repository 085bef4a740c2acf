/// How far the visitor's local store follows the service's history (PROTOCOL.md §6): the revision it holds, whether
/// it holds everything back to the first message, and the newest revision the service announced.
struct HistorySync: Sendable {
    /// The `HISTORY_REVISION` the store holds; kept across restarts.
    var storedRevision: String?
    /// Whether the store holds every message back to the first; kept across restarts.
    var isComplete = false
    /// The newest revision a full update or delta announced: history is fetched when it differs from the stored one.
    var announcedRevision: String?
    /// Whether full updates announce the revision, which replaces the 60 s polling.
    var isAnnounced = false

    init() {}

    /// What the store kept of an earlier run.
    init(stored: [VisitorValueKey: String]) {
        storedRevision = stored[.historyRevision]
        isComplete = stored[.historyEnded] == "1"
    }

    /// A full update announced `revision`: from now on announcements, not polling, say when to fetch.
    mutating func announce(_ revision: String) {
        isAnnounced = true
        announcedRevision = revision
    }
}
