import Foundation
import TestSupport

/// What one tab's event streams delivered, across every reconnection: the checks a page relies on.
struct StreamLedger: Sendable {
    /// The id of the last event received, the cursor for the next connection.
    private(set) var lastEventID: Int?
    /// Messages the page holds now: those of the last snapshot plus those added since, by id.
    private var held: Set<String> = []
    /// Every message text the tab ever received, in a snapshot or added.
    private(set) var texts: Set<String> = []
    /// The message texts of the latest snapshot: what a page shows right after it is live again.
    private(set) var latestSnapshotTexts: Set<String> = []
    /// `message.added` for a message the page already held.
    private(set) var duplicates = 0
    /// An event whose id is not the one after the last (events missed between two connections).
    private(set) var gaps = 0
    /// An event whose id is not after the last (events delivered twice).
    private(set) var repeats = 0
    /// Snapshots received after the first: a resume whose cursor the server no longer had.
    private(set) var freshSnapshots = 0
    private(set) var events = 0
    private var snapshots = 0
    /// The messages the page shows now, in its order, as `(id, text)`: the last snapshot's, then each event applied
    /// as `session.js` applies it (added before `beforeId` or at the end, changed in place, removed, cleared).
    private(set) var view: [(id: String, text: String)] = []

    /// The texts the page shows now, in its order.
    var viewTexts: [String] { view.map(\.text) }

    /// Records one event; returns true for a snapshot (the stream is live again).
    @discardableResult
    mutating func record(_ event: SSEReader.Event) -> Bool {
        // Not the tab's event but the server's word that it ends the stream (a drain): it has no id of its own, and
        // a parser hands it the last one (as EventSource does).
        if event.name == "reconnect" { return false }
        events += 1
        let id = event.id.flatMap { Int($0) }
        let json = event.json
        if event.name == "snapshot" {
            snapshots += 1
            if snapshots > 1 { freshSnapshots += 1 }
            let messages = json["messages"] as? [[String: Any]] ?? []
            held = Set(messages.compactMap { $0["id"] as? String })
            latestSnapshotTexts = Set(messages.compactMap { $0["text"] as? String })
            texts.formUnion(latestSnapshotTexts)
            view = messages.compactMap { message in
                (message["id"] as? String).map { ($0, message["text"] as? String ?? "") }
            }
            lastEventID = id
            return true
        }
        if let id, let last = lastEventID {
            if id <= last {
                repeats += 1
            } else if id != last + 1 {
                gaps += 1
            }
        }
        if let id { lastEventID = max(id, lastEventID ?? id) }
        if let message = json["message"] as? [String: Any], let messageID = message["id"] as? String {
            if event.name == "message.added", !held.insert(messageID).inserted { duplicates += 1 }
            if let text = message["text"] as? String { texts.insert(text) }
            apply(
                event.name,
                id: messageID,
                text: message["text"] as? String ?? "",
                before: json["beforeId"] as? String
            )
        }
        if event.name == "message.removed", let messageID = json["id"] as? String {
            held.remove(messageID)
            view.removeAll { $0.id == messageID }
        }
        if event.name == "messages.cleared" {
            held = []
            view = []
        }
        return false
    }

    /// A message event on the page's view.
    private mutating func apply(_ name: String, id: String, text: String, before beforeID: String?) {
        switch name {
        case "message.added":
            view.removeAll { $0.id == id }
            let index = beforeID.flatMap { before in view.firstIndex { $0.id == before } } ?? view.endIndex
            view.insert((id, text), at: index)
        case "message.changed":
            if let index = view.firstIndex(where: { $0.id == id }) { view[index].text = text }
        default: break
        }
    }

    /// Forgets the cursor: the next connection starts with a snapshot (a tab opened anew after a restart).
    mutating func restartFromSnapshot() { lastEventID = nil }

    /// The page comes back from a new browser tab, which has no cursor: it starts from a snapshot and shows nothing
    /// until it comes, as a page just loaded does. (A page resuming from its cursor keeps what it showed.)
    mutating func beginInNewBrowserTab() {
        lastEventID = nil
        view = []
        held = []
    }
}
