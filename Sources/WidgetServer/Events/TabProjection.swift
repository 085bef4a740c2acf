/// What a page shows, kept up to date from the tab's events, so a (re)connecting page gets a `snapshot`.
struct TabProjection: Sendable, Encodable {
    var chatState = "none"
    var `operator`: WidgetOperator?
    var operatorTyping = false
    /// Oldest first.
    var messages: [WidgetMessage] = []

    mutating func apply(_ event: TabEvent) {
        switch event {
        case .messageAdded(let message, let beforeID):
            let index = beforeID.flatMap { id in messages.firstIndex { $0.id == id } } ?? messages.endIndex
            messages.insert(message, at: index)
        case .messageChanged(let message):
            if let index = messages.firstIndex(where: { $0.id == message.id }) { messages[index] = message }
        case .messageRemoved(let id):
            messages.removeAll { $0.id == id }
        case .messagesCleared:
            messages = []
        case .chatState(let state):
            chatState = state
        case .operatorChanged(let value):
            `operator` = value
        case .operatorTyping(let typing):
            operatorTyping = typing
        case .fatalError, .transientError:
            break
        }
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(chatState, forKey: .chatState)
        try container.encode(`operator`, forKey: .operator)
        try container.encode(operatorTyping, forKey: .operatorTyping)
        try container.encode(messages, forKey: .messages)
    }

    enum CodingKeys: String, CodingKey { case chatState, `operator`, operatorTyping, messages }
}
