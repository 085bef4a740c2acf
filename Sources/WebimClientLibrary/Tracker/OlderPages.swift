/// What the tracker knows of the history before its oldest shown message: all the store holds there, once a page
/// showed that it is all, and the page asked for ahead of the visitor.
///
/// Both are only as good as the store they were learned from: each is kept with a `StoreMark` and used while the
/// store has not changed under it, so the visitor never gets a page older than what the store holds.
struct OlderPages: Sendable {
    /// A page asked for ahead: the core performs the request and hands its answer to `prefetchAnswered`.
    struct Prefetch: Sendable, Equatable {
        /// The bound the request asks before.
        var before: Int64
        /// Tells this prefetch's answer from an abandoned one's.
        var number: Int
    }

    /// Everything the store holds before `mark.bound`, learned at `mark`.
    private var inStore: (mark: StoreMark, messages: [MessageImpl])?
    /// The prefetch under way or answered, with the store's `messageChanges` when it was asked for.
    private var ahead: (order: Prefetch, changes: Int, answer: OlderPage??)?
    private var prefetchCount = 0

    /// The `limit` newest messages before `mark.bound`, and all of them, when they were learned at that mark; nil:
    /// read the store.
    func known(at mark: StoreMark, limit: Int) -> OlderSlice? {
        guard let inStore, inStore.mark == mark else { return nil }
        return OlderSlice(page: Array(inStore.messages.suffix(limit)), whole: inStore.messages)
    }

    /// Remembers what is left before a page just shown, when that is known; `mark` is where the page put the oldest
    /// shown message.
    mutating func remember(_ slice: OlderSlice, at mark: StoreMark) {
        inStore = slice.rest.map { (mark, Array($0)) }
    }

    // MARK: Prefetch

    /// An older page arrived from the service: while history goes on, the page before it is asked for at once, so
    /// that it is there when the visitor scrolls on. Keyed by the bound the next request will have: the oldest
    /// message's time. A newer prefetch makes the answer of an earlier one unwanted.
    mutating func prefetch(after page: [MessageImpl], hasMore: Bool, changes: Int) -> Prefetch? {
        guard hasMore, let oldest = page.lazy.map(\.timeMicros).min() else { return nil }
        prefetchCount += 1
        let order = Prefetch(before: oldest, number: prefetchCount)
        ahead = (order, changes, nil)
        return order
    }

    /// The prefetch that may answer a request for the page before `before`: one for that bound, asked for while
    /// the store had these `changes` (a later change may be newer than what it holds). Nil: ask the service.
    func prefetch(before: Int64, changes: Int) -> Prefetch? {
        guard let ahead, ahead.order.before == before, ahead.changes == changes else { return nil }
        return ahead.order
    }

    /// Whether waiting for `order` is over: it answered, or another took its place.
    func isSettled(_ order: Prefetch) -> Bool {
        guard let ahead, ahead.order == order else { return true }
        return ahead.answer != nil
    }

    /// A prefetch answered (`page` nil: it failed); false when it is no longer wanted and nobody waits for it.
    mutating func prefetchAnswered(_ order: Prefetch, page: OlderPage?) -> Bool {
        guard ahead?.order == order else { return false }
        ahead?.answer = .some(page)
        return true
    }

    /// Forgets the prefetch: the session ended, and its answer would have nowhere to go.
    mutating func dropPrefetch() { ahead = nil }

    /// Ends the prefetch, whichever it is; returns the page of `order` when it was still current and succeeded.
    mutating func takePrefetch(_ order: Prefetch?) -> OlderPage? {
        defer { self.ahead = nil }
        guard let ahead, ahead.order == order, case .some(.some(let page)) = ahead.answer else { return nil }
        return page
    }
}
