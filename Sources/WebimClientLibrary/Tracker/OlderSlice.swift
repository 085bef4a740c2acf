/// Messages the store holds before the tracker's oldest shown message: the page of the `limit` newest, and all of
/// them when that is known.
struct OlderSlice: Sendable, Equatable {
    /// The newest of them, oldest first: what the tracker answers.
    var page: [MessageImpl]
    /// All of them, oldest first, when known; then the next pages need no read.
    var whole: [MessageImpl]?

    init(page: [MessageImpl], whole: [MessageImpl]?) {
        self.page = page
        self.whole = whole
    }

    /// A read of at most `limit` messages: when fewer came back, they are all there is.
    init(read: [MessageImpl], limit: Int) {
        self.init(page: read, whole: read.count < limit ? read : nil)
    }

    /// What is left before `page`, when known.
    var rest: ArraySlice<MessageImpl>? { whole?.dropLast(page.count) }

    /// What the store holds once `fetched` is saved too, when all of it was known before; nil when it was not and
    /// the store must be read again.
    func adding(fetched: [MessageImpl], before bound: HistoryBound?, limit: Int) -> OlderSlice? {
        guard let whole else { return nil }
        let all = Self.historyOrder(of: whole + fetched, before: bound)
        return OlderSlice(page: Array(all.suffix(limit)), whole: all)
    }

    /// `messages` before `bound`, oldest first, in history order; a message that comes twice is kept in its later
    /// version, as the store keeps the last write.
    static func historyOrder(of messages: [MessageImpl], before bound: HistoryBound?) -> [MessageImpl] {
        var byID: [String: MessageImpl] = [:]
        for message in messages { byID[message.id] = message }
        return byID.values
            .filter { message in bound.map { HistoryBound(message).precedes($0) } ?? true }
            .sorted { HistoryBound($0).precedes(HistoryBound($1)) }
    }
}
