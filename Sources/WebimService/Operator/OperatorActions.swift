import Foundation
import HTTPAPI
import WebimWire

/// What an operator does to a visitor's chat as a whole, from the console or a scenario: joins it, types, reads the
/// visitor's messages, transfers it to a department, starts a survey.
struct OperatorActions: Sendable {
    let database: ServiceDatabase
    let library: ScenarioLibrary
    let changes: VisitorChanges

    /// The operator used when neither a step nor the chat names one.
    static let fallbackOperatorID = 1

    /// An operator takes the open chat: CHAT_OPERATOR, CHAT_STATE `chatting`, and the visitor's messages are read.
    func join(visitorID: String, operatorID: Int? = nil) async throws {
        try await changes.commit(visitorID: visitorID) { change in
            guard var chat = try change.openChat() else { throw OperatorActionError.conflict("no open chat") }
            guard let author = try change.operator(id: operatorID ?? chat.operatorId ?? Self.fallbackOperatorID) else {
                throw OperatorActionError.notFound("operator")
            }
            chat.operatorId = author.id
            chat.state = ChatStateValue.chatting
            chat.modificationTs = database.clock.now()
            try change.update(chat: chat)
            try change.append(.chatOperator, value: author.wireItem)
            try change.append(.chatState, data: .string(ChatStateValue.chatting))
            try change.readVisitorMessages()
        }
    }

    /// Shows or hides the operator's typing in the open chat.
    func typing(visitorID: String, isTyping: Bool) async throws {
        try await changes.commit(visitorID: visitorID) { change in
            guard var chat = try change.openChat() else { throw OperatorActionError.conflict("no open chat") }
            guard chat.operatorTyping != isTyping else { return }
            chat.operatorTyping = isTyping
            try change.update(chat: chat)
            try change.append(.chatOperatorTyping, data: .bool(isTyping))
        }
    }

    /// The operator marks the visitor's messages read: MESSAGE_READ each, CHAT_UNREAD_BY_OPERATOR_SINCE_TS null.
    func read(visitorID: String) async throws {
        try await changes.commit(visitorID: visitorID) { change in try change.readVisitorMessages() }
    }

    /// Moves the open chat to a department: an info message, the operator leaves and the chat waits in the queue;
    /// `operatorID` (or the department's operator, if it is online) then takes it.
    func transfer(visitorID: String, departmentKey: String, operatorID: Int? = nil) async throws {
        guard let visitor = try await database.visitor(id: visitorID) else {
            throw OperatorActionError.notFound("visitor")
        }
        let location = library.location(visitor.location)
        let departments = try await database.departments(location: location.name)
        guard let department = departments.first(where: { $0.key == departmentKey }) else {
            throw OperatorActionError.notFound("department")
        }
        // A named operator must exist before anything changes: a transfer is all or nothing.
        if let operatorID, try await !database.operators().contains(where: { $0.id == operatorID }) {
            throw OperatorActionError.notFound("operator")
        }
        let taker =
            operatorID
            ?? (OnlineStatusValue.isOnline(department.online)
                ? location.departments.first(where: { $0.key == departmentKey })?.operatorId : nil)
        try await changes.commit(visitorID: visitorID) { change in
            guard var chat = try change.openChat(), let chatID = chat.id else {
                throw OperatorActionError.conflict("no open chat")
            }
            chat.departmentKey = departmentKey
            chat.operatorId = nil
            chat.operatorTyping = false
            chat.state = ChatStateValue.queue
            try change.update(chat: chat)
            let info = OperatorMessage(
                kind: MessageItem.Kind.info.rawValue,
                text: "The chat was transferred to \(department.name)."
            )
            try change.add(
                MessageRecord.fromOperator(
                    info,
                    chat: chat,
                    author: nil,
                    visitor: change.visitor,
                    chatID: chatID,
                    clock: change.clock
                )
            )
            try change.append(.chatOperator, data: .null)
            try change.append(.chatState, data: .string(ChatStateValue.queue))
        }
        if let taker { try await join(visitorID: visitorID, operatorID: taker) }
    }

    /// A proactive invitation (PROTOCOL.md §8.1): a chat in state `invitation` with the operator and their first
    /// message, for a visitor with no open chat. The visitor accepts by writing (the chat goes on as `chatting`) or
    /// declines by closing it (`chat.close`).
    func invite(visitorID: String, operatorID: Int?, text: String) async throws {
        let text = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !text.isEmpty, text.count <= MessageLimits.maximumTextLength else {
            throw OperatorActionError.badInput(field: "text", reason: "is empty or too long")
        }
        try await changes.commit(visitorID: visitorID) { change in
            guard try change.openChat() == nil else {
                throw OperatorActionError.conflict("the visitor has an open chat")
            }
            guard let author = try change.operator(id: operatorID ?? Self.fallbackOperatorID) else {
                throw OperatorActionError.notFound("operator")
            }
            var chat = ChatRecord(
                id: nil,
                visitorId: change.visitor.id,
                clientSideId: RandomID.hex(),
                state: ChatStateValue.invitation,
                operatorId: author.id,
                operatorTyping: false,
                creationTs: change.clock.now()
            )
            chat.modificationTs = chat.creationTs
            try change.insert(chat: &chat)
            change.visitor.visitState = VisitSessionStateValue.chat
            try change.append(.chat, value: change.chatItem(chat))
            try change.append(.visitSessionState, data: .string(VisitSessionStateValue.chat))
            let invitation = OperatorMessage(kind: MessageItem.Kind.operator.rawValue, text: text)
            let message = MessageRecord.fromOperator(
                invitation,
                chat: chat,
                author: author,
                visitor: change.visitor,
                clock: change.clock
            )
            try change.add(message)
            try change.markUnreadByVisitor(message)
        }
    }

    /// Starts a survey: SURVEY with the first form's question `question` (the first unless a scenario says).
    func startSurvey(visitorID: String, config: SurveyItem.Config, question: Int = 0) async throws {
        guard let form = config.descriptor.forms.first, !form.questions.isEmpty else {
            throw OperatorActionError.badInput(field: "survey", reason: "needs a form with a question")
        }
        guard form.questions.indices.contains(question) else {
            throw OperatorActionError.badInput(field: "question", reason: "is no question of the first form")
        }
        let configText = try MessageRecord.jsonText(config)
        try await changes.commit(visitorID: visitorID) { change in
            if var previous = try change.currentSurvey() {
                previous.finished = true
                try change.save(survey: previous)
            }
            let survey = SurveyRecord(
                id: RandomID.hex(),
                visitorId: change.visitor.id,
                config: configText,
                formId: form.id,
                questionIndex: question,
                answers: "[]",
                finished: false
            )
            try change.save(survey: survey)
            try change.append(.survey, value: survey.wireItem())
        }
    }
}
