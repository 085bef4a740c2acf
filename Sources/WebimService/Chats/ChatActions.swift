import Foundation
import HTTPAPI
import WebimWire

/// Whether a chat opens and when it closes (PROTOCOL.md §5.1–§5.2), and what the visitor does to the chat as a
/// whole: typing, clearing its history. Closing is also what the operator does, from the console or a scenario.
struct ChatActions: Sendable {
    let database: ServiceDatabase
    let library: ScenarioLibrary
    let changes: VisitorChanges
    let triggers: ScenarioTriggers

    /// `chat.start`: opens a chat unless one is open; idempotent, as the SDK may send it repeatedly.
    func start(visitor: VisitorRecord, _ start: VisitorAction.StartChat) async throws {
        let location = library.location(visitor.location)
        let departmentKey = start.departmentKey
        if let departmentKey, !location.departments.contains(where: { $0.key == departmentKey }) {
            throw ProtocolFailure(WireError.wrongArgumentValue)
        }
        if let firstQuestion = start.firstQuestion {
            // The first question is a message: held to what a message is.
            guard firstQuestion.count <= location.maxMessageLength else {
                throw ProtocolFailure(WireError.maxMessageLengthExceeded)
            }
            guard MessageLimits.hasNoNUL(firstQuestion) else { throw ProtocolFailure(WireError.wrongArgumentValue) }
        }
        let online = OnlineStatusValue.isOnline(try await database.onlineStatus(location: location.name))
        let offline = !online && !start.forceOnline
        let outcome = try await changes.commit(visitorID: visitor.id) {
            change -> (started: Bool, message: MessageRecord?) in
            if let fields = start.visitorFields { try change.visitor.merge(fields: fields) }
            let started = try change.openChatIfNeeded(
                clientSideID: start.clientSideID,
                departmentKey: departmentKey,
                offline: offline
            )
            guard started, let firstQuestion = start.firstQuestion, let chatID = try change.openChat()?.id else {
                return (started, nil)
            }
            let message = MessageRecord.fromVisitor(
                change.visitor,
                chatID: chatID,
                clientSideID: RandomID.hex(),
                text: firstQuestion,
                clock: change.clock
            )
            try change.add(message)
            return (started, message)
        }
        if outcome.started { triggers.send(visitor, .chatStarted) }
        if let message = outcome.message {
            triggers.send(
                visitor,
                .visitorMessage(
                    text: message.text,
                    messageID: message.id,
                    whileKeyboardPending: false,
                    isHintQuestion: false
                )
            )
        }
    }

    /// Closes the visitor's open chat: CHAT_STATE, CHAT_OPERATOR null (PROTOCOL.md §3.4), then the resting state.
    func close(visitorID: String, state: String) async throws {
        guard let visitor = try await database.visitor(id: visitorID) else { return }
        let status = try await database.onlineStatus(location: visitor.location)
        let hasDepartments = !library.location(visitor.location).departments.isEmpty
        let resting = visitor.restingState(onlineStatus: status, hasDepartments: hasDepartments)
        // Charged, never refused: a visitor at their budget can still end the chat their charged start opened.
        try await changes.commit(visitorID: visitorID, admission: .chargedAlways) { change in
            guard var chat = try change.openChat() else { return }
            chat.state = state
            chat.operatorTyping = false
            // A closed chat keeps no draft: each chat's row would otherwise hold the last one for good.
            chat.visitorTyping = false
            chat.visitorDraft = nil
            chat.modificationTs = database.clock.now()
            try change.update(chat: chat)
            try change.append(.chatState, data: .string(state))
            try change.append(.chatOperator, data: .null)
            change.visitor.visitState = resting
            try change.append(.visitSessionState, data: .string(resting))
        }
    }

    /// `chat.visitor_typing`: the visitor's typing and draft, for the operator (PROTOCOL.md §2.1): stored, shown in
    /// the console.
    func typing(visitor: VisitorRecord, _ state: VisitorAction.Typing) async throws {
        try await changes.commit(visitorID: visitor.id) { change in
            guard var chat = try change.openChat() else { return }
            chat.visitorTyping = state.typing
            chat.visitorDraft = state.draft
            try change.update(chat: chat)
        }
        await changes.events.publish(
            ConsoleEvent(
                kind: "visitor.typing",
                visitorID: visitor.id,
                revision: nil,
                typing: state.typing,
                draft: state.draft
            )
        )
    }

    /// `chat.clear_history`: deletes the visitor's history outside the open chat; HISTORY_REVISION tells the client.
    func clearHistory(visitor: VisitorRecord) async throws {
        try await changes.commit(visitorID: visitor.id, admission: .chargedAlways) { change in
            _ = try change.clearHistory(keepingChatID: try change.openChat()?.id)
        }
    }
}
