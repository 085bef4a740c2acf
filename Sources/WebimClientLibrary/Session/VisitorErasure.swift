/// Beyond the SDK, for a host that erases a visitor for good (a kiosk's reset, consent withdrawn): the visitor's chat
/// closed and their history cleared on the service too (`chat.close`, then `chat.clear_history`, both actions of the
/// Webim protocol), so that no session that continues the visitor, on any server, shows the conversation again.
/// `destroyWithClearVisitorData()` alone, as the SDK defines it, forgets the visitor here only.
package protocol VisitorErasure {
    /// Queues the close and the clear behind every action before them; `completion` gets whether the service
    /// confirmed the clear (false when it refused it or the session ended first). Call it on the session's executor.
    func closeChatAndClearHistoryAtService(completion: @escaping @Sendable (Bool) -> Void) throws
}

extension WebimSessionImpl: VisitorErasure {
    func closeChatAndClearHistoryAtService(completion: @escaping @Sendable (Bool) -> Void) throws {
        try core.withAccess { ChatRequests.closeChatAndClearHistory(in: $0, completion: completion) }
    }
}
