import OrderedCollections

/// Every message a tab has shown, oldest first, found by id in constant time.
///
/// A tab that pages far back holds thousands of messages; each new message, change and history page used to
/// search or copy them all, so a long-lived tab got slower with every message it showed.
typealias TabMessages = IdentifiedList<WidgetMessage>

extension WidgetMessage: Identifiable {}

/// Values in order, each found by its id in constant time.
struct IdentifiedList<Element: Identifiable & Sendable>: Sendable where Element.ID == String {
    private var byID: OrderedDictionary<String, Element> = [:]

    var count: Int { byID.count }

    func element(id: String) -> Element? { byID[id] }

    /// The newest `count` elements, oldest first.
    func newest(_ count: Int) -> [Element] { Array(byID.values.suffix(count)) }

    /// Whether any element satisfies `predicate`.
    func contains(where predicate: (Element) -> Bool) -> Bool { byID.values.contains(where: predicate) }

    /// Adds (or moves) an element before `beforeID`, or at the end when that is nil or unknown.
    mutating func add(_ element: Element, before beforeID: String?) {
        byID.removeValue(forKey: element.id)
        if let beforeID, let index = byID.index(forKey: beforeID) {
            byID.updateValue(element, forKey: element.id, insertingAt: index)
        } else {
            byID[element.id] = element
        }
    }

    /// Replaces an element with the same id; an unknown one is ignored.
    mutating func replace(_ element: Element) {
        if let index = byID.index(forKey: element.id) { byID.values[index] = element }
    }

    mutating func remove(id: String) { byID.removeValue(forKey: id) }

    mutating func removeAll() { byID.removeAll() }

    /// Puts an older page in front, leaving out elements already here.
    mutating func prepend(_ older: [Element]) {
        let new = older.filter { byID[$0.id] == nil }
        guard !new.isEmpty else { return }
        var merged = OrderedDictionary<String, Element>(minimumCapacity: byID.count + new.count)
        for element in new { merged[element.id] = element }
        merged.merge(byID) { first, _ in first }
        byID = merged
    }

    /// The newest `limit` elements before `id` (before the end when nil), oldest first, and how many elements
    /// come before it in all; nil when no element has this id.
    func page(before id: String?, limit: Int) -> (elements: [Element], countBefore: Int)? {
        let end: Int
        if let id {
            guard let index = byID.index(forKey: id) else { return nil }
            end = index
        } else {
            end = byID.count
        }
        return (Array(byID.values[max(0, end - limit)..<end]), end)
    }
}
