import TestSupport
import Testing
import WebimClientLibrary

@testable import WidgetServer

/// A tab's messages: in order, found by id, with older pages put in front without repeats; each page view paired
/// with the core message it came from, and every file the tab showed kept.
@Suite struct TabMessagesTests {
    private func ids(_ messages: TabMessages) -> [String] { messages.newest(messages.count).map(\.id) }

    private func messages(_ ids: [String]) -> TabMessages {
        var messages = TabMessages()
        for id in ids { messages.add(HandBuiltMessage(id: id).shown(), before: nil) }
        return messages
    }

    @Test func addAppendsMovesAndInsertsBefore() {
        var list = messages(["a", "b", "c"])
        list.add(HandBuiltMessage(id: "s").shown(), before: "b")
        #expect(ids(list) == ["a", "s", "b", "c"])
        // Adding a known id moves it; an unknown `before` means the end.
        list.add(HandBuiltMessage(id: "a", text: "again").shown(), before: "unknown")
        #expect(ids(list) == ["s", "b", "c", "a"])
        #expect(list.message(id: "a")?.widget.text == "again")
        #expect(list.message(id: "a")?.core.getText() == "again")
    }

    @Test func replaceKeepsThePlaceAndIgnoresUnknownIDs() {
        var list = messages(["a", "b"])
        list.replace(HandBuiltMessage(id: "a", text: "edited").shown())
        list.replace(HandBuiltMessage(id: "z", text: "never shown").shown())
        #expect(ids(list) == ["a", "b"])
        #expect(list.message(id: "a")?.widget.text == "edited")
        #expect(list.message(id: "z") == nil)
        list.remove(id: "a")
        #expect(ids(list) == ["b"])
    }

    @Test func theCoreMessageChangesWithItsPageView() {
        var list = messages(["a"])
        list.replace(HandBuiltMessage(id: "a", text: "edited", sendStatus: .sending).shown(clientID: "c1"))
        let shown = list.message(id: "a")
        #expect(shown?.core.getText() == "edited")
        #expect(shown?.core.getSendStatus() == .sending)
        #expect(shown?.widget.clientId.value == "c1")
        #expect(list.contains { $0.sendStatus == "sending" })
    }

    @Test func olderPagesGoInFrontWithoutRepeats() {
        var list = messages(["c", "d"])
        let stale = HandBuiltMessage(id: "c", text: "stale").shown()
        list.prepend(["a", "b"].map { HandBuiltMessage(id: $0).shown() } + [stale])
        #expect(ids(list) == ["a", "b", "c", "d"])
        // The copy already here is the newer one, in both layers.
        #expect(list.message(id: "c")?.widget.text == "")
        #expect(list.message(id: "c")?.core.getText() == "")
        #expect(list.message(id: "a")?.core.getID() == "a")
    }

    @Test func pagesEndBeforeTheNamedMessage() {
        let list = messages(["a", "b", "c", "d", "e"])
        #expect(
            list.page(before: "d", limit: 2).map { ($0.messages.map(\.id), $0.countBefore) } ?? ([], -1) == (
                ["b", "c"], 3
            )
        )
        #expect(list.page(before: nil, limit: 10)?.countBefore == 5)
        #expect(list.page(before: nil, limit: 2)?.messages.map(\.id) == ["d", "e"])
        #expect(list.page(before: "a", limit: 10)?.messages.isEmpty == true)
        #expect(list.page(before: "missing", limit: 10) == nil)
    }

    @Test func removedAndClearedMessagesKeepTheirFiles() {
        var list = TabMessages()
        list.add(HandBuiltMessage(id: "a", fileGUIDs: ["f1", "f2"]).shown(), before: nil)
        list.add(HandBuiltMessage(id: "b", fileGUIDs: ["f3"]).shown(), before: nil)
        list.remove(id: "a")
        #expect(list.message(id: "a") == nil)
        #expect(list.file(guid: "f1")?.getGuid() == "f1")
        list.removeAll()
        #expect(list.count == 0)
        #expect(list.file(guid: "f2") != nil && list.file(guid: "f3") != nil)
    }

    @Test func everyFileTheTabShowedIsFoundAndNoOther() {
        var list = TabMessages()
        list.add(HandBuiltMessage(id: "reply", fileGUIDs: [""], quotedFileGUID: "quoted-file").shown(), before: nil)
        // A change to a message the tab does not hold still showed the page its files.
        list.replace(HandBuiltMessage(id: "unknown", fileGUIDs: ["changed-file"]).shown())
        // A history page's repeat is left out, but the page got its files with the page.
        list.prepend([HandBuiltMessage(id: "reply", fileGUIDs: ["history-file"]).shown()])
        #expect(list.file(guid: "quoted-file") != nil)
        #expect(list.file(guid: "changed-file") != nil)
        #expect(list.file(guid: "history-file") != nil)
        #expect(list.file(guid: "") == nil)
        #expect(list.file(guid: "never-shown") == nil)
        #expect(ids(list) == ["reply"])
    }
}
