import Foundation
import WebimWire

/// Chat lifecycle actions: start, close, typing, read, prechat fields, push token, clear history (PROTOCOL.md §5.2).
extension ChatEngine {
    /// Opens a chat unless one is open; idempotent, as the SDK may send it repeatedly (PROTOCOL.md §5.1).
    func startChat(visitor: VisitorRecord, _ start: VisitorAction.StartChat) async throws {
        let location = library.location(visitor.location)
        let departmentKey = start.departmentKey
        if let departmentKey, !location.departments.contains(where: { $0.key == departmentKey }) {
            throw ProtocolFailure(WireError.wrongArgumentValue)
        }
        let fields = start.visitorFields
        let online = OnlineStatusValue.isOnline(try await database.onlineStatus(location: location.name))
        let offline = !online && !start.forceOnline
        let firstQuestion = start.firstQuestion
        let clientSideID = start.clientSideID
        let outcome = try await change(visitorID: visitor.id) { change -> (started: Bool, message: MessageRecord?) in
            if let fields { Self.merge(fields: fields, into: &change.visitor) }
            let started = try Self.openChatIfNeeded(
                &change,
                clientSideID: clientSideID,
                departmentKey: departmentKey,
                offline: offline
            )
            guard started, let firstQuestion, let chat = try change.openChat(), let chatID = chat.id else {
                return (started, nil)
            }
            let message = Self.visitorMessage(
                change.visitor,
                chatID: chatID,
                clientSideID: RandomID.hex(),
                text: firstQuestion
            )
            try change.add(message)
            return (started, message)
        }
        if outcome.started { trigger(visitor, .chatStarted) }
        if let message = outcome.message {
            trigger(visitor, .visitorMessage(text: message.text, messageID: message.id, whileKeyboardPending: false))
        }
    }

    /// Opens a chat in the queue if the visitor has none open; returns whether it did.
    static func openChatIfNeeded(
        _ change: inout VisitorChange,
        clientSideID: String?,
        departmentKey: String? = nil,
        offline: Bool = false
    ) throws -> Bool {
        guard try change.openChat() == nil else { return false }
        var chat = ChatRecord(
            id: nil,
            visitorId: change.visitor.id,
            clientSideId: clientSideID ?? RandomID.hex(),
            state: ChatStateValue.queue,
            operatorId: nil,
            operatorTyping: false,
            creationTs: ChatClock.now()
        )
        chat.departmentKey = departmentKey
        chat.offline = offline
        chat.modificationTs = chat.creationTs
        try change.insert(chat: &chat)
        change.visitor.visitState = VisitSessionStateValue.chat
        try change.append(.chat, value: change.chatItem(chat))
        try change.append(.visitSessionState, data: .string(VisitSessionStateValue.chat))
        return true
    }

    /// Closes the visitor's open chat: CHAT_STATE, CHAT_OPERATOR null (PROTOCOL.md §3.4), then the resting state.
    func closeChat(visitorID: String, state: String) async throws {
        guard let visitor = try await database.visitor(id: visitorID) else { return }
        let status = try await database.onlineStatus(location: visitor.location)
        let hasDepartments = !library.location(visitor.location).departments.isEmpty
        let resting = restingState(of: visitor, onlineStatus: status, hasDepartments: hasDepartments)
        try await change(visitorID: visitorID) { change in
            guard var chat = try change.openChat() else { return }
            chat.state = state
            chat.operatorTyping = false
            chat.modificationTs = ChatClock.now()
            try change.update(chat: chat)
            try change.append(.chatState, data: .string(state))
            try change.append(.chatOperator, data: .null)
            change.visitor.visitState = resting
            try change.append(.visitSessionState, data: .string(resting))
        }
    }

    /// The visitor's typing and draft, for the operator (PROTOCOL.md §2.1): stored, shown in the console.
    func visitorTyping(visitor: VisitorRecord, _ state: VisitorAction.Typing) async throws {
        let (typing, draft) = (state.typing, state.draft)
        try await change(visitorID: visitor.id) { change in
            guard var chat = try change.openChat() else { return }
            chat.visitorTyping = typing
            chat.visitorDraft = draft
            try change.update(chat: chat)
        }
        await events.publish(
            ConsoleEvent(kind: "visitor.typing", visitorID: visitor.id, revision: nil, typing: typing, draft: draft)
        )
    }

    /// The visitor read the chat: CHAT_READ_BY_VISITOR true and UNREAD_BY_VISITOR zero.
    func readByVisitor(visitor: VisitorRecord) async throws {
        try await change(visitorID: visitor.id) { change in
            guard var chat = try change.currentChat(), chat.unreadByVisitorCount > 0 else { return }
            chat.unreadByVisitorCount = 0
            chat.unreadByVisitorSinceTs = nil
            try change.update(chat: chat)
            try change.append(.chatReadByVisitor, data: .bool(true))
            try change.append(.unreadByVisitor, value: UnreadByVisitorItem(msgCnt: 0))
        }
    }

    /// Stores prechat fields (`chat.set_prechat_fields`).
    func setPrechatFields(visitor: VisitorRecord, _ fields: String) async throws {
        try await change(visitorID: visitor.id) { change in change.visitor.prechatFields = fields }
    }

    /// Stores or clears (`none`) the push token.
    func setPushToken(visitor: VisitorRecord, _ token: String?) async throws {
        try await change(visitorID: visitor.id) { change in change.visitor.pushToken = token }
    }

    /// Deletes the visitor's history outside the open chat (`chat.clear_history`); HISTORY_REVISION tells the client.
    func clearHistory(visitor: VisitorRecord) async throws {
        try await change(visitorID: visitor.id) { change in
            _ = try change.clearHistory(keepingChatID: try change.openChat()?.id)
        }
    }

    /// Records an action that has no other effect (widget updates, upload progress, action-request answers).
    func record(visitor: VisitorRecord, action: WireAction, form: VisitorAction.RecordedForm) async throws {
        let text = try MessageRecord.jsonText(form.fields)
        try await change(visitorID: visitor.id) { change in
            try change.record(event: action.rawValue, chatID: try change.currentChat()?.id, payload: text)
        }
    }

    /// Merges fields into the visitor's, taking `name` as the display name.
    static func merge(fields: [String: String], into visitor: inout VisitorRecord) {
        var current =
            (try? WireCoding.makeDecoder().decode([String: String].self, from: Data(visitor.fields.utf8))) ?? [:]
        current.merge(fields) { $1 }
        if let name = fields["name"] ?? fields["display_name"], !name.isEmpty { visitor.name = name }
        visitor.fields = (try? MessageRecord.jsonText(current)) ?? visitor.fields
    }

    /// A new visitor text message in a chat.
    static func visitorMessage(
        _ visitor: VisitorRecord,
        chatID: Int64,
        clientSideID: String,
        text: String
    ) -> MessageRecord {
        MessageRecord(
            id: RandomID.hex(),
            chatId: chatID,
            visitorId: visitor.id,
            clientSideId: clientSideID,
            kind: MessageItem.Kind.visitor.rawValue,
            text: text,
            name: visitor.name,
            tsMicros: ChatClock.nowMicros(),
            authorId: nil,
            avatar: nil,
            edited: false
        )
    }
}
