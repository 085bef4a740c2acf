import Foundation
import Logging
import ServiceLifecycle
import WebimWire

/// The server side of the visitor protocol: init, the delta long-poll and actions (PROTOCOL.md §2–§5),
/// and the operator-side changes that scenarios and the console make.
public struct ChatEngine: Sendable {
    let database: ServiceDatabase
    let broadcaster = RevisionBroadcaster()
    let triggers: AsyncStream<ScenarioTrigger>.Continuation
    /// How long a delta poll is held when nothing changes (PROTOCOL.md §2.5: ≤ 25 s).
    let holdTimeout: Duration
    let logger: Logger

    /// Unix seconds now.
    static func now() -> Double { Date().timeIntervalSince1970 }

    // MARK: Init and delta

    /// Answers init: recognises or creates the visitor and hands out a new page (PROTOCOL.md §2.2–§2.3).
    func initialize(_ parameters: [String: String]) async throws -> DeltaResponse {
        guard let deviceID = parameters[WireParameter.deviceID], !deviceID.isEmpty else {
            return DeltaResponse(error: WireError.argumentMissing)
        }
        let location = parameters[WireParameter.location].flatMap { $0.isEmpty ? nil : $0 } ?? "default"
        let knownVisitorID = parameters[WireParameter.visitor].flatMap(Self.visitorID(fromJSON:))
        let visitor = try await database.findOrCreateVisitor(
            visitorID: knownVisitorID,
            deviceID: deviceID,
            location: location,
            now: Self.now()
        )
        let page = try await database.createPage(visitorID: visitor.id, now: Self.now())
        guard let snapshot = try await database.snapshot(visitorID: visitor.id) else {
            return DeltaResponse(error: WireError.wrongInit)
        }
        return DeltaResponse(revision: snapshot.visitor.revision, fullUpdate: Self.fullUpdate(snapshot, page: page))
    }

    /// Answers a delta poll: what changed after `since`, holding the request while nothing has.
    func delta(_ parameters: [String: String]) async throws -> DeltaResponse {
        guard let visitor = try await authorizedVisitor(parameters) else {
            return DeltaResponse(error: WireError.reinitRequired)
        }
        guard let since = parameters[WireParameter.since].flatMap({ Int($0) }), since <= visitor.revision else {
            // A revision from the future means our state was reset: the client must start over.
            return DeltaResponse(error: WireError.reinitRequired)
        }
        if since == visitor.revision {
            // A held poll ends early on shutdown, so that stopping the service never waits out the hold.
            await cancelWhenGracefulShutdown {
                await withTaskGroup(of: Void.self) { group in
                    group.addTask { await broadcaster.waitForRevision(after: since, visitorID: visitor.id) }
                    group.addTask { try? await Task.sleep(for: holdTimeout) }
                    await group.next()
                    group.cancelAll()
                }
            }
        }
        let (items, revision) = try await database.deltas(visitorID: visitor.id, after: since)
        return DeltaResponse(revision: revision, deltaList: items)
    }

    // MARK: Actions

    /// Performs a visitor action (PROTOCOL.md §5).
    func perform(_ parameters: [String: String]) async throws -> ActionResponse {
        guard let visitor = try await authorizedVisitor(parameters) else {
            return .failure(WireError.reinitRequired)
        }
        guard let name = parameters[WireParameter.action] else { return .failure(WireError.argumentMissing) }
        switch WireAction(rawValue: name) {
        case .chatStart:
            try await startChat(visitor: visitor, clientSideID: parameters[WireParameter.clientSideID])
            return .ok
        case .chatMessage:
            return try await receiveVisitorMessage(visitor: visitor, parameters: parameters)
        case .chatClose:
            try await closeChat(visitorID: visitor.id, state: ChatStateValue.closedByVisitor)
            return .ok
        case .chatVisitorTyping, .chatReadByVisitor:
            return .ok
        case nil:
            return .failure(WireError.unknownMethod)
        default:
            // The remaining actions of PROTOCOL.md §11.8 are acknowledged until they get real effects.
            return .ok
        }
    }

    /// Opens a chat unless one is open; idempotent, as the SDK may send it repeatedly (PROTOCOL.md §5.1).
    private func startChat(visitor: VisitorRecord, clientSideID: String?) async throws {
        let started = try await change(visitorID: visitor.id) { change in
            try Self.openChatIfNeeded(&change, clientSideID: clientSideID)
        }
        if started { triggers.yield(.chatStarted(visitorID: visitor.id, location: visitor.location)) }
    }

    private func receiveVisitorMessage(
        visitor: VisitorRecord,
        parameters: [String: String]
    ) async throws
        -> ActionResponse
    {
        guard let clientSideID = parameters[WireParameter.clientSideID], !clientSideID.isEmpty,
            let text = parameters[WireParameter.message]
        else { return .failure(WireError.argumentMissing) }
        guard !text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else {
            return .failure(WireError.messageEmpty)
        }
        let outcome = try await change(visitorID: visitor.id) { change -> VisitorMessageOutcome in
            if var existing = try change.message(clientSideID: clientSideID) {
                // The same client-side id again is either a retry (same text: nothing to do) or an edit.
                guard existing.text != text else { return .duplicate }
                existing.text = text
                existing.edited = true
                try change.update(message: existing)
                change.append(.chatMessage, id: existing.id, data: try WireCoding.jsonValue(of: existing.wireItem))
                return .edited
            }
            let started = try Self.openChatIfNeeded(&change, clientSideID: nil)
            guard let chat = try change.openChat(), let chatID = chat.id else { throw ServiceStoreError.unknownVisitor }
            let message = MessageRecord(
                id: RandomID.hex(),
                chatId: chatID,
                visitorId: change.visitor.id,
                clientSideId: clientSideID,
                kind: MessageItem.Kind.visitor.rawValue,
                text: text,
                name: change.visitor.name,
                tsMicros: Self.nowMicros(),
                authorId: nil,
                avatar: nil,
                edited: false
            )
            try change.insert(message: message)
            change.append(.chatMessage, .add, id: message.id, data: try WireCoding.jsonValue(of: message.wireItem))
            return started ? .addedToNewChat : .added
        }
        if outcome == .addedToNewChat {
            triggers.yield(.chatStarted(visitorID: visitor.id, location: visitor.location))
        }
        if outcome == .added || outcome == .addedToNewChat {
            triggers.yield(.visitorMessage(visitorID: visitor.id, location: visitor.location, text: text))
        }
        return .ok
    }

    /// Opens a chat in the queue if the visitor has none open; returns whether it did.
    private static func openChatIfNeeded(_ change: inout VisitorChange, clientSideID: String?) throws -> Bool {
        guard try change.openChat() == nil else { return false }
        var chat = ChatRecord(
            id: nil,
            visitorId: change.visitor.id,
            clientSideId: clientSideID ?? RandomID.hex(),
            state: ChatStateValue.queue,
            operatorId: nil,
            operatorTyping: false,
            creationTs: now()
        )
        try change.insert(chat: &chat)
        change.visitor.visitState = VisitSessionStateValue.chat
        change.append(.chat, data: try WireCoding.jsonValue(of: change.chatItem(chat)))
        change.append(.visitSessionState, data: .string(VisitSessionStateValue.chat))
        return true
    }

    // MARK: Operator side

    /// The operator takes the visitor's open chat: CHAT_OPERATOR, then CHAT_STATE `chatting`.
    func operatorJoins(visitorID: String, operator item: OperatorItem) async throws {
        try await database.saveOperator(id: item.id, fullname: item.fullname, avatar: item.avatar)
        try await change(visitorID: visitorID) { change in
            guard var chat = try change.openChat() else { return }
            chat.operatorId = item.id
            chat.state = ChatStateValue.chatting
            try change.update(chat: chat)
            change.append(.chatOperator, data: try WireCoding.jsonValue(of: item))
            change.append(.chatState, data: .string(ChatStateValue.chatting))
        }
    }

    /// Shows or hides the operator's typing in the visitor's open chat.
    func operatorTyping(visitorID: String, isTyping: Bool) async throws {
        try await change(visitorID: visitorID) { change in
            guard var chat = try change.openChat(), chat.operatorTyping != isTyping else { return }
            chat.operatorTyping = isTyping
            try change.update(chat: chat)
            change.append(.chatOperatorTyping, data: .bool(isTyping))
        }
    }

    /// The chat's operator writes a message (typing stops first, as a person's would).
    func operatorSays(visitorID: String, text: String) async throws {
        try await change(visitorID: visitorID) { change in
            guard var chat = try change.openChat(), let chatID = chat.id,
                let author = try change.operator(id: chat.operatorId)
            else { return }
            if chat.operatorTyping {
                chat.operatorTyping = false
                try change.update(chat: chat)
                change.append(.chatOperatorTyping, data: .bool(false))
            }
            let message = MessageRecord(
                id: RandomID.hex(),
                chatId: chatID,
                visitorId: change.visitor.id,
                clientSideId: RandomID.hex(),
                kind: MessageItem.Kind.operator.rawValue,
                text: text,
                name: author.fullname,
                tsMicros: Self.nowMicros(),
                authorId: author.id,
                avatar: author.avatar,
                edited: false
            )
            try change.insert(message: message)
            change.append(.chatMessage, .add, id: message.id, data: try WireCoding.jsonValue(of: message.wireItem))
        }
    }

    /// Closes the visitor's open chat: CHAT_STATE, then CHAT_OPERATOR null (PROTOCOL.md §3.4).
    func closeChat(visitorID: String, state: String) async throws {
        try await change(visitorID: visitorID) { change in
            guard var chat = try change.openChat() else { return }
            chat.state = state
            chat.operatorTyping = false
            try change.update(chat: chat)
            change.append(.chatState, data: .string(state))
            change.append(.chatOperator, data: .null)
        }
    }

    // MARK: Helpers

    /// Runs a change and wakes the visitor's polls if it produced a new revision.
    @discardableResult
    private func change<Result: Sendable>(
        visitorID: String,
        _ body: @escaping @Sendable (inout VisitorChange) throws -> Result
    ) async throws -> Result {
        let (result, revision) = try await database.change(visitorID: visitorID, body)
        if let revision { await broadcaster.publish(visitorID: visitorID, revision: revision) }
        return result
    }

    private func authorizedVisitor(_ parameters: [String: String]) async throws -> VisitorRecord? {
        guard let pageID = parameters[WireParameter.pageID], let token = parameters[WireParameter.authToken] else {
            return nil
        }
        return try await database.visitor(pageID: pageID, authToken: token)
    }

    private static func nowMicros() -> Int64 { Int64((now() * 1_000_000).rounded()) }

    private static func visitorID(fromJSON text: String) -> String? {
        guard let value = try? WireCoding.makeDecoder().decode(JSONValue.self, from: Data(text.utf8)) else {
            return nil
        }
        return value["id"]?.stringValue
    }

    private static func fullUpdate(_ snapshot: VisitorSnapshot, page: PageRecord) -> FullUpdate {
        let visitor = snapshot.visitor
        let fields: [String: String] = ["name": visitor.name]
        return FullUpdate(
            pageId: page.id,
            authToken: page.authToken,
            visitSessionId: visitor.visitSessionId,
            visitor: .object(["id": .string(visitor.id), "fields": .object(fields.mapValues(JSONValue.string))]),
            visitorFull: VisitorItem(id: visitor.id, fields: fields),
            state: visitor.visitState,
            onlineStatus: "online",
            chat: snapshot.chat,
            departments: [],
            historyRevision: visitor.revision,
            hintsEnabled: false
        )
    }
}

/// What a `chat.message` did.
private enum VisitorMessageOutcome: Sendable {
    case added
    case addedToNewChat
    case edited
    case duplicate
}
