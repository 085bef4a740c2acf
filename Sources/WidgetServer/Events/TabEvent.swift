import Foundation

/// A listener call of a tab's session, as an event of the tab's stream.
enum TabEvent: Sendable {
    case messageAdded(WidgetMessage, beforeID: String?)
    case messageChanged(WidgetMessage)
    case messageRemoved(id: String)
    case messagesCleared
    case chatState(String)
    case operatorChanged(WidgetOperator?)
    case operatorTyping(Bool)
    case fatalError(type: String, message: String)
    case transientError(type: String, message: String)

    /// The SSE event name (DESIGN.md: names mirror the listeners).
    var name: String {
        switch self {
        case .messageAdded: "message.added"
        case .messageChanged: "message.changed"
        case .messageRemoved: "message.removed"
        case .messagesCleared: "messages.cleared"
        case .chatState: "chat.state"
        case .operatorChanged: "operator.changed"
        case .operatorTyping: "operator.typing"
        case .fatalError: "error.fatal"
        case .transientError: "error.transient"
        }
    }

    /// The SSE data: the event's JSON.
    func json(encoder: JSONEncoder) throws -> String {
        let data: Data =
            switch self {
            case .messageAdded(let message, let beforeID):
                try encoder.encode(MessageAddedPayload(message: message, beforeId: beforeID))
            case .messageChanged(let message): try encoder.encode(["message": message])
            case .messageRemoved(let id): try encoder.encode(["id": id])
            case .messagesCleared: Data("{}".utf8)
            case .chatState(let state): try encoder.encode(["state": state])
            case .operatorChanged(let value): try encoder.encode(OperatorPayload(operator: value))
            case .operatorTyping(let typing): try encoder.encode(["typing": typing])
            case .fatalError(let type, let message), .transientError(let type, let message):
                try encoder.encode(["type": type, "message": message])
            }
        return String(decoding: data, as: UTF8.self)
    }
}

private struct MessageAddedPayload: Encodable {
    var message: WidgetMessage
    var beforeId: String?

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(message, forKey: .message)
        try container.encode(beforeId, forKey: .beforeId)
    }

    enum CodingKeys: String, CodingKey { case message, beforeId }
}

private struct OperatorPayload: Encodable {
    var `operator`: WidgetOperator?

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(`operator`, forKey: .operator)
    }

    enum CodingKeys: String, CodingKey { case `operator` }
}
