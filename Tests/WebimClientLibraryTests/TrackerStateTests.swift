import Testing
import WebimWire

@testable import WebimClientLibrary

/// The tracker's decisions on the state value alone: what the listener hears, when an outbox entry ends, and which
/// requests go ahead. No session, no socket, no clock.
@Suite struct TrackerStateTests {
    /// A listener the state only needs to exist: the core, not the state, calls it.
    private final class UnheardListener: MessageListener {
        func added(message newMessage: any Message, after previousMessage: (any Message)?) {}
        func removed(message: any Message) {}
        func removedAllMessages() {}
        func changed(message oldVersion: any Message, to newVersion: any Message) {}
    }

    private func sent(_ id: String, at micros: Int64) -> MessageImpl {
        var message = MessageImpl.sending(id: id, text: id, timeMicros: micros)
        message.sendStatus = .sent
        return message
    }

    private func sending(_ id: String, at micros: Int64) -> MessageImpl {
        MessageImpl.sending(id: id, text: id, timeMicros: micros)
    }

    /// A state whose tracker asked for its first page and got `stored`.
    private func shown(_ stored: [MessageImpl], sending waiting: [MessageImpl] = []) -> TrackerState {
        var tracker = TrackerState()
        for message in waiting { _ = tracker.addSending(message) }
        _ = tracker.startTracker(listener: UnheardListener())
        _ = tracker.showLatest(stored: stored, limit: 100)
        return tracker
    }

    @Test func nothingIsReportedWithoutATrackerButTheMessageWaits() {
        var tracker = TrackerState()
        let added = tracker.addSending(sending("w", at: 1))
        #expect(added.isEmpty)
        let received = tracker.receive(sent("op", at: 2))
        #expect(received.isEmpty)
        #expect(tracker.message(id: "w")?.sendStatus == .sending)
        // A tracker that has not asked for a page yet hears nothing either.
        _ = tracker.startTracker(listener: UnheardListener())
        let addedBeforeAPage = tracker.addSending(sending("w2", at: 3))
        #expect(addedBeforeAPage.isEmpty)
        #expect(tracker.sending.map(\.id) == ["w", "w2"])
    }

    @Test func theLatestPageJoinsStoredAndWaitingMessagesAndShowsOnlyTheSentOnes() {
        var tracker = TrackerState()
        _ = tracker.addSending(sending("w", at: 5))
        _ = tracker.startTracker(listener: UnheardListener())
        let page = tracker.showLatest(stored: [sent("a", at: 1), sent("b", at: 2), sent("c", at: 3)], limit: 3)
        #expect(page.map(\.id) == ["b", "c", "w"])
        #expect(Array(tracker.window.shown.map(\.id)) == ["b", "c"])
        #expect(tracker.allMessages(stored: [sent("a", at: 1)]).map(\.id) == ["a", "w"])
    }

    @Test func aConfirmationEndsTheOutboxEntryBeforeTheListenerHearsTheChange() {
        let waiting = sending("w", at: 5)
        var tracker = shown([sent("a", at: 1)], sending: [waiting])
        let confirmed = sent("w", at: 6)
        let received = tracker.receive(confirmed)
        #expect(received == [.forgetOutboxEntry(clientSideID: "w"), .report(.changed(waiting, to: confirmed))])
        #expect(tracker.sending.isEmpty)
        #expect(Array(tracker.window.shown.map(\.id)) == ["a", "w"])
        // The same message again is no news.
        let receivedAgain = tracker.receive(confirmed)
        #expect(receivedAgain.isEmpty)
    }

    @Test func anOperatorMessageGoesBeforeTheVisitorsWaitingOne() {
        let waiting = sending("w", at: 5)
        var tracker = shown([], sending: [waiting])
        let answer = sent("op", at: 9)
        let received = tracker.receive(answer)
        #expect(received == [.report(.added(answer, before: waiting))])
    }

    @Test func aRefusedMessageEndsItsOutboxEntryEvenWhenItIsNotShown() {
        let waiting = sending("w", at: 5)
        var tracker = shown([], sending: [waiting])
        let dropped = tracker.dropSending(id: "gone")
        #expect(dropped == [.forgetOutboxEntry(clientSideID: "gone")])
        let droppedShown = tracker.dropSending(id: "w")
        #expect(droppedShown == [.forgetOutboxEntry(clientSideID: "w"), .report(.removed(waiting))])
        #expect(tracker.message(id: "w") == nil)
    }

    @Test func aLocalEditOfAWaitingMessageIsAChangeAndOfAShownOneAnUpsert() {
        let waiting = sending("w", at: 5)
        var tracker = shown([sent("a", at: 1)], sending: [waiting])
        var edited = waiting
        edited.text = "edited"
        let replaced = tracker.replaceLocally(edited)
        #expect(replaced == [.report(.changed(waiting, to: edited))])
        #expect(tracker.message(id: "w")?.text == "edited")
        var shownEdit = sent("a", at: 1)
        shownEdit.text = "edited"
        let replacedShown = tracker.replaceLocally(shownEdit)
        #expect(replacedShown == [.report(.changed(sent("a", at: 1), to: shownEdit))])
    }

    @Test func aDeletionFindsTheMessageByTheStoredIDOrByItsServerSideID() {
        var withServerID = sent("b", at: 2)
        withServerID.serverSideID = "server-b"
        var tracker = shown([sent("a", at: 1), withServerID])
        let removed = tracker.remove(storedID: "a", serverSideID: "server-a")
        #expect(removed == [.report(.removed(sent("a", at: 1)))])
        let removedByServerID = tracker.remove(storedID: nil, serverSideID: "server-b")
        #expect(removedByServerID == [.report(.removed(withServerID))])
        let removedUnknown = tracker.remove(storedID: nil, serverSideID: "unknown")
        #expect(removedUnknown.isEmpty)
    }

    @Test func aChatOrOperatorChangeCancelsOnlyPendingKeyboards() {
        var pending = sent("k1", at: 1)
        pending.keyboard = KeyboardImpl(item: KeyboardItem(state: .pending, buttons: []))
        var completed = sent("k2", at: 2)
        completed.keyboard = KeyboardImpl(item: KeyboardItem(state: .completed, buttons: []))
        var tracker = shown([pending, completed])
        var canceled = pending
        canceled.keyboard?.state = .canceled
        let changed = tracker.chatOrOperatorChanged()
        #expect(changed == [.report(.changed(pending, to: canceled))])
        let changedAgain = tracker.chatOrOperatorChanged()
        #expect(changedAgain.isEmpty)
    }

    @Test func theFirstMessageIsReportedOncePerTrackerAndNeverWithoutOne() {
        var tracker = TrackerState()
        var reports: [Bool] = [tracker.reportHistoryComplete()]
        _ = tracker.startTracker(listener: UnheardListener())
        reports += [tracker.reportHistoryComplete(), tracker.reportHistoryComplete()]
        _ = tracker.startTracker(listener: UnheardListener())
        reports.append(tracker.reportHistoryComplete())
        _ = tracker.startTracker(listener: UnheardListener())
        tracker.sessionEnded()
        reports.append(tracker.reportHistoryComplete())
        #expect(reports == [false, true, false, true, false])
    }

    @Test func aReplacedTrackerGetsAnEmptyPageAndABusyOneIgnoresRequests() {
        var tracker = shown([sent("a", at: 1), sent("b", at: 2)])
        let first = tracker.window.generation
        #expect(tracker.requestStart(generation: first, limit: 10) == .proceed)
        #expect(tracker.requestStart(generation: first, limit: nil) == .proceed)
        #expect(tracker.requestStart(generation: first, limit: 0) == .ignore)
        tracker.requestWentRemote()
        #expect(tracker.requestStart(generation: first, limit: 10) == .ignore)
        // A reset is ignored while the request runs, as the reference says.
        tracker.reset(generation: first, to: sent("b", at: 2))
        #expect(Array(tracker.window.shown.map(\.id)) == ["a", "b"])
        let isCurrent = tracker.requestEnded(generation: first)
        #expect(isCurrent)
        tracker.reset(generation: first, to: sent("b", at: 2))
        #expect(Array(tracker.window.shown.map(\.id)) == ["b"])
        #expect(tracker.requestStart(generation: first, limit: 10) == .proceed)
        tracker.requestWentRemote()
        let second = tracker.startTracker(listener: UnheardListener())
        #expect(tracker.requestStart(generation: first, limit: 10) == .answerEmpty)
        let isReplacedCurrent = tracker.requestEnded(generation: first)
        #expect(!isReplacedCurrent)
        #expect(tracker.requestStart(generation: second, limit: 10) == .proceed)
    }

    @Test func stoppingAnOldTrackerLeavesTheNewOneAndEndingTheSessionSilencesAll() {
        var tracker = shown([sent("a", at: 1)])
        let first = tracker.window.generation
        let second = tracker.startTracker(listener: UnheardListener())
        _ = tracker.showLatest(stored: [sent("a", at: 1)], limit: 10)
        tracker.stopTracker(generation: first)
        #expect(tracker.listener != nil)
        let cleared = tracker.removeAll()
        #expect(cleared == [.report(.removedAll)])
        tracker.stopTracker(generation: second)
        #expect(tracker.listener == nil)
        let received = tracker.receive(sent("b", at: 2))
        #expect(received.isEmpty)
        var ended = shown([sent("a", at: 1)])
        ended.sessionEnded()
        #expect(ended.listener == nil && ended.window.shown.isEmpty)
        let receivedAfterTheEnd = ended.receive(sent("b", at: 2))
        #expect(receivedAfterTheEnd.isEmpty)
    }

    @Test func anOlderPageJoinsTheRangeAndWhatIsLeftIsRememberedAtItsMark() {
        var tracker = shown([sent("c", at: 3)])
        let slice = OlderSlice(page: [sent("b", at: 2)], whole: [sent("a", at: 1), sent("b", at: 2)])
        tracker.showOlder(slice, changes: 7)
        #expect(Array(tracker.window.shown.map(\.id)) == ["b", "c"])
        let mark = tracker.olderMark(changes: 7)
        #expect(mark == StoreMark(bound: HistoryBound(micros: 2, id: "b"), changes: 7))
        #expect(
            tracker.older.known(at: mark, limit: 5) == OlderSlice(page: [sent("a", at: 1)], whole: [sent("a", at: 1)])
        )
        // Another write to the store makes what was learned stale.
        #expect(tracker.older.known(at: tracker.olderMark(changes: 8), limit: 5) == nil)
    }
}
