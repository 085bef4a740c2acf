/// The public message stream: checks access, then acts on the core.
final class MessageStreamImpl: MessageStream {
    private let core: SessionCore

    init(core: SessionCore) { self.core = core }

    func getChatState() -> ChatState { (try? core.withAccess { $0.chatState }) ?? .unknown }
    func getCurrentOperator() -> (any Operator)? { (try? core.withAccess { $0.currentOperator }) ?? nil }

    @discardableResult
    func send(message: String) throws -> String { try core.withAccess { $0.send(text: message) } }

    func startChat() throws { try core.withAccess { $0.requestChatStart() } }
    func closeChat() throws { try core.withAccess { $0.requestChatClose() } }
    func setVisitorTyping(draftMessage: String?) throws { try core.withAccess { $0.sendTyping(draft: draftMessage) } }

    func newMessageTracker(messageListener: any MessageListener) throws -> any MessageTracker {
        let generation = try core.withAccess { $0.startTracker(listener: messageListener) }
        return MessageTrackerImpl(core: core, generation: generation)
    }

    func set(chatStateListener: any ChatStateListener) {
        _ = try? core.withAccess { $0.chatStateListener = chatStateListener }
    }

    func set(currentOperatorChangeListener: any CurrentOperatorChangeListener) {
        _ = try? core.withAccess { $0.operatorListener = currentOperatorChangeListener }
    }

    func set(operatorTypingListener: any OperatorTypingListener) {
        _ = try? core.withAccess { $0.operatorTypingListener = operatorTypingListener }
    }
}

/// The public message tracker.
final class MessageTrackerImpl: MessageTracker {
    private let core: SessionCore
    private let generation: Int

    init(core: SessionCore, generation: Int) {
        self.core = core
        self.generation = generation
    }

    func getLastMessages(byLimit limit: Int, completion: @escaping ([any Message]) -> Void) throws {
        let generation = generation
        let messages = try core.withAccess { $0.lastMessages(limit: limit, tracker: generation) }
        completion(messages)
    }

    func destroy() throws {
        let generation = generation
        try core.withAccess { $0.stopTracker(generation: generation) }
    }
}
