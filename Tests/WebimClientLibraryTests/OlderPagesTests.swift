import Testing

@testable import WebimClientLibrary

/// What the tracker knows of older history, without a store or a service: the slices it answers from memory, the
/// merge after a fetch, and the page asked for ahead.
@Suite struct OlderPagesTests {
    private func sent(_ id: String, at micros: Int64, text: String? = nil) -> MessageImpl {
        var message = MessageImpl.sending(id: id, text: text ?? id, timeMicros: micros)
        message.sendStatus = .sent
        return message
    }

    /// Orders the prefetch of the page before `micros`; outside `#require`, whose expansion cannot mutate.
    private func prefetch(
        _ older: inout OlderPages,
        before micros: Int64,
        changes: Int = 0
    ) throws -> OlderPages.Prefetch {
        let order = older.prefetch(after: [sent("oldest", at: micros)], hasMore: true, changes: changes)
        return try #require(order)
    }

    @Test func aShortReadIsAllTheStoreHoldsAndAFullOneMayNotBe() {
        let short = OlderSlice(read: [sent("a", at: 1)], limit: 2)
        #expect(short.whole == [sent("a", at: 1)])
        #expect(short.rest?.isEmpty == true)
        #expect(OlderSlice(read: [sent("a", at: 1), sent("b", at: 2)], limit: 2).whole == nil)
    }

    @Test func aFetchedPageMergesInHistoryOrderKeepingTheLaterVersion() {
        let known = OlderSlice(read: [sent("c", at: 3)], limit: 5)
        let fetched = [sent("b", at: 2), sent("a", at: 2), sent("c", at: 3, text: "newer"), sent("late", at: 9)]
        let merged = known.adding(fetched: fetched, before: HistoryBound(micros: 5, id: "x"), limit: 2)
        // Same time: ids in byte order; `late` is not before the bound.
        #expect(merged?.whole?.map(\.id) == ["a", "b", "c"])
        #expect(merged?.page.map(\.id) == ["b", "c"])
        #expect(merged?.page.last?.text == "newer")
        // Without the whole store known, nothing follows from a fetch.
        #expect(OlderSlice(page: [], whole: nil).adding(fetched: fetched, before: nil, limit: 2) == nil)
    }

    @Test func historyOrderComparesIDsAsTheStoreDoes() {
        // SQLite compares text as UTF-8 bytes: upper case sorts before lower case.
        let ordered = OlderSlice.historyOrder(of: [sent("b", at: 1), sent("B", at: 1), sent("a", at: 0)], before: nil)
        #expect(ordered.map(\.id) == ["a", "B", "b"])
        #expect(HistoryBound(micros: 1, id: "z").precedes(HistoryBound(micros: 2, id: "a")))
        #expect(!HistoryBound(micros: 1, id: "a").precedes(HistoryBound(micros: 1, id: "a")))
    }

    @Test func whatIsLeftIsRememberedOnlyWhenKnown() {
        var older = OlderPages()
        let mark = StoreMark(bound: HistoryBound(micros: 3, id: "c"), changes: 1)
        older.remember(OlderSlice(page: [sent("c", at: 3)], whole: nil), at: mark)
        #expect(older.known(at: mark, limit: 1) == nil)
        older.remember(OlderSlice(page: [sent("c", at: 3)], whole: [sent("a", at: 1), sent("c", at: 3)]), at: mark)
        #expect(older.known(at: mark, limit: 1) == OlderSlice(page: [sent("a", at: 1)], whole: [sent("a", at: 1)]))
        #expect(older.known(at: StoreMark(bound: HistoryBound(micros: 1, id: "a"), changes: 1), limit: 1) == nil)
    }

    @Test func thePageBeforeTheOldestFetchedIsAskedForWhileHistoryGoesOn() {
        var older = OlderPages()
        let atTheEnd = older.prefetch(after: [sent("a", at: 4)], hasMore: false, changes: 0)
        #expect(atTheEnd == nil)
        let afterNothing = older.prefetch(after: [], hasMore: true, changes: 0)
        #expect(afterNothing == nil)
        let order = older.prefetch(after: [sent("b", at: 7), sent("a", at: 4)], hasMore: true, changes: 0)
        #expect(order?.before == 4)
    }

    @Test func aPrefetchAnswersOnlyItsBoundWhileTheStoreIsUnchanged() throws {
        var older = OlderPages()
        let order = try prefetch(&older, before: 4, changes: 3)
        #expect(older.prefetch(before: 4, changes: 3) == order)
        #expect(older.prefetch(before: 5, changes: 3) == nil)
        #expect(older.prefetch(before: 4, changes: 4) == nil)
        #expect(!older.isSettled(order))
        let isWanted = older.prefetchAnswered(order, page: OlderPage(items: [], json: nil, hasMore: true))
        #expect(isWanted)
        #expect(older.isSettled(order))
        let taken = older.takePrefetch(order)
        #expect(taken?.hasMore == true)
        // Taken once: the next request asks the service.
        #expect(older.prefetch(before: 4, changes: 3) == nil)
        let takenAgain = older.takePrefetch(order)
        #expect(takenAgain == nil)
    }

    @Test func aNewerPrefetchMakesTheEarlierAnswerUnwanted() throws {
        var older = OlderPages()
        let first = try prefetch(&older, before: 8)
        let second = try prefetch(&older, before: 4)
        #expect(first != second)
        // A request waiting for the first stops waiting, and its late answer is dropped.
        #expect(older.isSettled(first))
        let isWanted = older.prefetchAnswered(first, page: OlderPage(items: [], json: nil, hasMore: true))
        #expect(!isWanted)
        #expect(!older.isSettled(second))
    }

    @Test func aFailedPrefetchSettlesButGivesNoPageAndTakingEndsAnyPrefetch() throws {
        var older = OlderPages()
        let failed = try prefetch(&older, before: 4)
        let isWanted = older.prefetchAnswered(failed, page: nil)
        #expect(isWanted)
        #expect(older.isSettled(failed))
        let taken = older.takePrefetch(failed)
        #expect(taken == nil)
        let next = try prefetch(&older, before: 2)
        // A request that found no prefetch for its bound still ends the one under way.
        let takenForNone = older.takePrefetch(nil)
        #expect(takenForNone == nil)
        #expect(older.isSettled(next))
        let last = try prefetch(&older, before: 1)
        older.dropPrefetch()
        let isLastWanted = older.prefetchAnswered(last, page: nil)
        #expect(!isLastWanted)
    }
}
