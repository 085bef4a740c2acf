import Foundation
import WebimWire

/// A listener call or completion handler of a tab's session, as an event of the tab's stream.
enum TabEvent: Sendable {
    /// The core's message rides along for the tab's `TabMessages`; the page gets only its view.
    case messageAdded(ShownMessage, beforeID: String?)
    case messageChanged(ShownMessage)
    case messageRemoved(id: String)
    case messagesCleared
    /// The tab shows the visitor's first message, or there is none: nothing older to load.
    case historyComplete
    case chatState(String)
    case visitState(String)
    case operatorChanged(WidgetOperator?)
    case operatorTyping(Bool)
    case departments([WidgetDepartment])
    case locationSettings(hintsEnabled: Bool)
    case onlineStatus(String)
    case unreadByOperator(time: Int64?)
    case unreadByVisitor(count: Int, time: Int64?)
    case hello(String)
    case fatalError(type: String, message: String)
    case transientError(type: String, message: String)
    case result(ActionResult)
    /// The tab's visitor, sealed for the page to hold (`CredentialSeal`).
    case credential(SealedCredential)
    /// The survey's open question; nil when the survey ended.
    case survey(WidgetSurvey?)

    /// The SSE event name (the contract: names mirror the listeners).
    var name: EventName {
        switch self {
        case .messageAdded: .messageAdded
        case .messageChanged: .messageChanged
        case .messageRemoved: .messageRemoved
        case .messagesCleared: .messagesCleared
        case .historyComplete: .historyComplete
        case .chatState: .chatState
        case .visitState: .visitState
        case .operatorChanged: .operatorChanged
        case .operatorTyping: .operatorTyping
        case .departments: .departments
        case .locationSettings: .locationSettings
        case .onlineStatus: .onlineStatus
        case .unreadByOperator: .unreadByOperator
        case .unreadByVisitor: .unreadByVisitor
        case .hello: .hello
        case .fatalError: .fatalError
        case .transientError: .transientError
        case .result: .result
        case .credential: .credential
        case .survey: .survey
        }
    }

    /// The SSE data: the event's JSON, written in one pass (`JSONTextEncoder`).
    func json() throws -> String {
        switch self {
        case .messageAdded(let message, let beforeID):
            try JSONTextEncoder.encode(MessageAdded(message: message.widget, beforeId: Nullable(beforeID)))
        case .messageChanged(let message): try JSONTextEncoder.encode(["message": message.widget])
        case .messageRemoved(let id): try JSONTextEncoder.encode(["id": id])
        case .messagesCleared, .historyComplete: "{}"
        case .chatState(let state), .visitState(let state): try JSONTextEncoder.encode(["state": state])
        case .operatorChanged(let value): try JSONTextEncoder.encode(["operator": Nullable(value)])
        case .operatorTyping(let typing): try JSONTextEncoder.encode(["typing": typing])
        case .departments(let departments): try JSONTextEncoder.encode(["departments": departments])
        case .locationSettings(let hintsEnabled): try JSONTextEncoder.encode(["hintsEnabled": hintsEnabled])
        case .onlineStatus(let status): try JSONTextEncoder.encode(["status": status])
        case .unreadByOperator(let time): try JSONTextEncoder.encode(["time": Nullable(time)])
        case .unreadByVisitor(let count, let time):
            try JSONTextEncoder.encode(UnreadByVisitor(count: count, time: Nullable(time)))
        case .hello(let text): try JSONTextEncoder.encode(["text": text])
        case .fatalError(let type, let message), .transientError(let type, let message):
            try JSONTextEncoder.encode(["type": type, "message": message])
        case .result(let result): try JSONTextEncoder.encode(result)
        case .credential(let sealed): try JSONTextEncoder.encode(sealed)
        case .survey(let survey): try JSONTextEncoder.encode(["survey": Nullable(survey)])
        }
    }
}

/// The outcome of an action the page asked for, matched by the page's `clientId`.
struct ActionResult: Encodable, Sendable, Equatable {
    struct Failure: Encodable, Sendable, Equatable {
        var code: String
        var message: String
    }

    var clientId: String
    var ok: Bool
    var error: Nullable<Failure>

    static func success(_ clientID: String) -> ActionResult {
        ActionResult(clientId: clientID, ok: true, error: Nullable(nil))
    }

    static func failure(_ clientID: String, code: String, message: String) -> ActionResult {
        ActionResult(clientId: clientID, ok: false, error: Nullable(Failure(code: code, message: message)))
    }
}

/// The unread count and time of the visitor's side.
struct UnreadByVisitor: Encodable, Sendable, Equatable {
    var count: Int
    var time: Nullable<Int64>
}

private struct MessageAdded: Encodable {
    var message: WidgetMessage
    var beforeId: Nullable<String>
}
