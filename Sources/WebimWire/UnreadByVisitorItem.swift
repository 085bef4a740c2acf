/// The `data` of an `UNREAD_BY_VISITOR` delta (PROTOCOL.md §3.4).
public struct UnreadByVisitorItem: Codable, Sendable, Equatable {
    /// Required by the client.
    public var msgCnt: Int
    /// Unix seconds of the oldest unread message.
    public var sinceTs: Double?

    public init(msgCnt: Int, sinceTs: Double? = nil) {
        self.msgCnt = msgCnt
        self.sinceTs = sinceTs
    }
}
