import Testing

@testable import WebimClientLibrary

/// The rules of `MessageListener`, on the window value alone: what is reported and where a message goes.
@Suite struct MessageWindowTests {
    private func sent(_ id: String, at micros: Int64) -> MessageImpl {
        var message = MessageImpl.sending(id: id, text: id, timeMicros: micros)
        message.sendStatus = .sent
        return message
    }

    @Test func nothingIsReportedBeforeTheTrackerAsks() {
        var window = MessageWindow()
        _ = window.startTracker()
        #expect(window.upsert(sent("a", at: 1), firstSending: nil).isEmpty)
    }

    @Test func aNewerMessageGoesAtTheEndAndAnOlderOneBeforeItsSuccessor() {
        var window = MessageWindow()
        _ = window.startTracker()
        window.show(latest: [sent("a", at: 10), sent("c", at: 30)])
        guard case .added(let last, let before) = window.upsert(sent("d", at: 40), firstSending: nil).first else {
            Issue.record("no added event")
            return
        }
        #expect(last.id == "d" && before == nil)
        guard case .added(let middle, let next) = window.upsert(sent("b", at: 20), firstSending: nil).first else {
            Issue.record("no added event")
            return
        }
        #expect(middle.id == "b" && next?.id == "c")
        #expect(Array(window.shown.map(\.id)) == ["a", "b", "c", "d"])
    }

    @Test func sentMessagesGoBeforeTheVisitorsUnconfirmedOnes() {
        var window = MessageWindow()
        _ = window.startTracker()
        window.show(latest: [])
        let waiting = MessageImpl.sending(id: "w", text: "w", timeMicros: 5)
        guard case .added(_, let before) = window.upsert(sent("op", at: 50), firstSending: waiting).first else {
            Issue.record("no added event")
            return
        }
        #expect(before?.id == "w")
    }

    @Test func messagesOlderThanTheShownRangeAreNotReported() {
        var window = MessageWindow()
        _ = window.startTracker()
        window.show(latest: [sent("b", at: 20)])
        #expect(window.upsert(sent("a", at: 10), firstSending: nil).isEmpty)
        window.prepend(older: [sent("a", at: 10)])
        #expect(Array(window.shown.map(\.id)) == ["a", "b"])
    }

    @Test func anUnchangedMessageIsNotReportedTwiceAndAChangeIsReportedOnce() {
        var window = MessageWindow()
        _ = window.startTracker()
        window.show(latest: [sent("a", at: 10)])
        #expect(window.upsert(sent("a", at: 10), firstSending: nil).isEmpty)
        var edited = sent("a", at: 10)
        edited.text = "edited"
        guard case .changed(let old, let new) = window.upsert(edited, firstSending: nil).first else {
            Issue.record("no changed event")
            return
        }
        #expect(old.text == "a" && new.text == "edited")
    }

    @Test func resetMovesTheLowerLimitAndANewTrackerStartsEmpty() {
        var window = MessageWindow()
        let first = window.startTracker()
        window.show(latest: [sent("a", at: 10), sent("b", at: 20), sent("c", at: 30)])
        window.reset(to: sent("b", at: 20))
        #expect(Array(window.shown.map(\.id)) == ["b", "c"])
        #expect(window.upsert(sent("a2", at: 15), firstSending: nil).isEmpty)
        let second = window.startTracker()
        #expect(second != first)
        #expect(window.shown.isEmpty && !window.isActive)
    }

    @Test func aRemovedMessageIsReportedOnceAndComesBackAsNew() {
        var window = MessageWindow()
        _ = window.startTracker()
        window.show(latest: [sent("a", at: 10), sent("b", at: 20)])
        guard case .removed(let removed) = window.remove(id: "a").first else {
            Issue.record("no removed event")
            return
        }
        #expect(removed.id == "a")
        #expect(window.remove(id: "a").isEmpty)
        // Its id was seen before, so the window looks for it, does not find it, and adds it again.
        guard case .added(let added, let before) = window.upsert(sent("a", at: 10), firstSending: nil).first else {
            Issue.record("no added event")
            return
        }
        #expect(added.id == "a" && before?.id == "b")
        #expect(Array(window.shown.map(\.id)) == ["a", "b"])
    }

    @Test func aChangeInPlaceReplacesTheShownMessage() {
        var window = MessageWindow()
        _ = window.startTracker()
        window.show(latest: [sent("a", at: 10), sent("b", at: 20)])
        let rename: (inout MessageImpl) -> Void = { $0.text = "changed" }
        let events = window.update(where: { $0.id == "b" }, rename)
        guard case .changed(let old, let new) = events.first, events.count == 1 else {
            Issue.record("not one changed event")
            return
        }
        #expect(old.text == "b" && new.text == "changed")
        #expect(window.shown.map(\.text) == ["a", "changed"])
        #expect(window.update(where: { $0.id == "b" }, rename).isEmpty)
    }
}
