import OrderedCollections
import WebimClientLibrary

/// Every message a tab has shown, oldest first, found by id in constant time: the one copy the snapshot, history
/// pages and the page's actions all read (`ShownMessage`).
///
/// A tab that pages far back holds thousands of messages; each new message, change and history page used to
/// search or copy them all, so a long-lived tab got slower with every message it showed.
struct TabMessages: Sendable {
    private var byID: OrderedDictionary<String, ShownMessage> = [:]
    /// Every file the tab has shown, by guid. Beside the messages, not in them, because a file outlives its
    /// message: the page keeps showing a removed message's file, or a cleared history's, until it reloads.
    private var files: [String: any FileInfo] = [:]

    var count: Int { byID.count }

    /// The message with this id, as the tab last showed it.
    func message(id: String) -> ShownMessage? { byID[id] }

    /// The file with this guid, if the tab has shown a message with it.
    func file(guid: String) -> (any FileInfo)? { files[guid] }

    /// The page's views of the newest `count` messages, oldest first.
    func newest(_ count: Int) -> [WidgetMessage] { byID.values.suffix(count).map(\.widget) }

    /// Whether any message's page view satisfies `predicate`.
    func contains(where predicate: (WidgetMessage) -> Bool) -> Bool {
        byID.values.contains { predicate($0.widget) }
    }

    /// Adds (or moves) a message before `beforeID`, or at the end when that is nil or unknown.
    mutating func add(_ message: ShownMessage, before beforeID: String?) {
        recordFiles(of: message)
        byID.removeValue(forKey: message.id)
        if let beforeID, let index = byID.index(forKey: beforeID) {
            byID.updateValue(message, forKey: message.id, insertingAt: index)
        } else {
            byID[message.id] = message
        }
    }

    /// Replaces a message with the same id; an unknown one is ignored, though the page has seen its files.
    mutating func replace(_ message: ShownMessage) {
        recordFiles(of: message)
        if let index = byID.index(forKey: message.id) { byID.values[index] = message }
    }

    /// Forgets a removed message; its files stay.
    mutating func remove(id: String) { byID.removeValue(forKey: id) }

    /// Forgets every message; their files stay.
    mutating func removeAll() { byID.removeAll() }

    /// Puts an older page in front, leaving out messages already here: the copy here is the newer one.
    mutating func prepend(_ older: [ShownMessage]) {
        for message in older { recordFiles(of: message) }
        let new = older.filter { byID[$0.id] == nil }
        guard !new.isEmpty else { return }
        var merged = OrderedDictionary<String, ShownMessage>(minimumCapacity: byID.count + new.count)
        for message in new { merged[message.id] = message }
        merged.merge(byID) { first, _ in first }
        byID = merged
    }

    /// The page's views of the newest `limit` messages before `id` (before the end when nil), oldest first, and how
    /// many messages come before it in all; nil when no message has this id.
    func page(before id: String?, limit: Int) -> (messages: [WidgetMessage], countBefore: Int)? {
        let end: Int
        if let id {
            guard let index = byID.index(forKey: id) else { return nil }
            end = index
        } else {
            end = byID.count
        }
        return (byID.values[max(0, end - limit)..<end].map(\.widget), end)
    }

    private mutating func recordFiles(of message: ShownMessage) {
        for file in message.files { files[file.getGuid()] = file }
    }
}
