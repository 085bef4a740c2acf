import Testing

@testable import WidgetServer

/// A tab's messages: in order, found by id, with older pages put in front without repeats.
@Suite struct IdentifiedListTests {
    struct Item: Identifiable, Sendable, Equatable {
        var id: String
        var text = ""
    }

    private func ids(_ list: IdentifiedList<Item>) -> [String] { list.newest(list.count).map(\.id) }

    @Test func addAppendsMovesAndInsertsBefore() {
        var list = IdentifiedList<Item>()
        for id in ["a", "b", "c"] { list.add(Item(id: id), before: nil) }
        list.add(Item(id: "s"), before: "b")
        #expect(ids(list) == ["a", "s", "b", "c"])
        // Adding a known id moves it; an unknown `before` means the end.
        list.add(Item(id: "a", text: "again"), before: "unknown")
        #expect(ids(list) == ["s", "b", "c", "a"])
        #expect(list.element(id: "a")?.text == "again")
    }

    @Test func replaceKeepsThePlaceAndIgnoresUnknownIDs() {
        var list = IdentifiedList<Item>()
        for id in ["a", "b"] { list.add(Item(id: id), before: nil) }
        list.replace(Item(id: "a", text: "edited"))
        list.replace(Item(id: "z", text: "never shown"))
        #expect(ids(list) == ["a", "b"])
        #expect(list.element(id: "a")?.text == "edited")
        #expect(list.element(id: "z") == nil)
        list.remove(id: "a")
        #expect(ids(list) == ["b"])
    }

    @Test func olderPagesGoInFrontWithoutRepeats() {
        var list = IdentifiedList<Item>()
        for id in ["c", "d"] { list.add(Item(id: id), before: nil) }
        list.prepend([Item(id: "a"), Item(id: "b"), Item(id: "c", text: "stale copy")])
        #expect(ids(list) == ["a", "b", "c", "d"])
        #expect(list.element(id: "c")?.text == "")
    }

    @Test func pagesEndBeforeTheNamedMessage() {
        var list = IdentifiedList<Item>()
        for id in ["a", "b", "c", "d", "e"] { list.add(Item(id: id), before: nil) }
        #expect(
            list.page(before: "d", limit: 2).map { ($0.elements.map(\.id), $0.countBefore) } ?? ([], -1) == (
                ["b", "c"], 3
            )
        )
        #expect(list.page(before: nil, limit: 10)?.countBefore == 5)
        #expect(list.page(before: "a", limit: 10)?.elements.isEmpty == true)
        #expect(list.page(before: "missing", limit: 10) == nil)
    }
}
