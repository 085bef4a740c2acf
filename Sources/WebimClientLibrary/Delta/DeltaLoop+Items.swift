import Foundation
import WebimWire

extension DeltaLoop {
    /// A complete snapshot (PROTOCOL.md §3.2): it replaces the session's state.
    func apply(_ fullUpdate: FullUpdate, in session: isolated SessionCore) {
        let values = session.identity.apply(fullUpdate)
        let identity = session.identity
        session.services.fileSigner.update(
            baseURL: session.settings.baseURL,
            pageID: identity.pageID,
            authToken: identity.authToken
        )
        do {
            try session.history.set(values)
        } catch {
            session.log(.error, .messageHistory, "could not store the visitor: \(error)")
        }
        session.settings.visitorHandoffObserver?(
            VisitorHandoff(
                deviceID: identity.deviceID,
                visitorJSON: identity.visitorJSON,
                visitSessionID: identity.visitSessionID,
                providedVisitorID: session.settings.providedVisitorID ?? ""
            )
        )
        let baseURL = session.settings.baseURL
        session.update { state in
            state.set(onlineStatus: OnlineStatus(wireValue: fullUpdate.onlineStatus))
                + state.set(visitSessionState: VisitSessionState(wireValue: fullUpdate.state))
                + state.set(
                    departments: (fullUpdate.departments ?? []).map { DepartmentImpl(item: $0, baseURL: baseURL) }
                )
                + state.set(hintsEnabled: fullUpdate.hintsEnabled ?? false)
        }
        if let revision = fullUpdate.historyRevision {
            session.historySync.state.announce(String(revision))
        }
        apply(chat: fullUpdate.chat, in: session)
        session.listeners.deliver(session.state.survey.receive(fullUpdate.survey))
        offerHelloMessage(fullUpdate, in: session)
        session.wakeAll()
    }

    /// One delta item (PROTOCOL.md §3.3–§3.4); unknown types and events are ignored.
    func apply(_ item: DeltaItem, in session: isolated SessionCore) {
        guard let event = item.knownEvent, let type = item.knownObjectType else { return }
        let data = item.data
        let baseURL = session.settings.baseURL
        switch (type, event) {
        case (.chat, .update):
            apply(chat: data.flatMap { try? WireCoding.decode(ChatItem.self, from: $0) }, in: session)
        case (.chat, _):
            apply(chat: nil, in: session)
        case (.chatMessage, .add), (.chatMessage, .update):
            // PROTOCOL.md §3.4: messages are ignored while there is no chat.
            guard event == .update || session.state.chatState != .unknown || session.state.chatID != nil else { return }
            if let message = data.flatMap({ try? WireCoding.decode(MessageItem.self, from: $0) }) {
                session.tracker.receive([message], in: session)
            }
        case (.chatMessage, .delete):
            session.tracker.remove(serverSideID: item.id, in: session)
        case (.chatOperator, .update):
            let item = data.flatMap { try? WireCoding.decode(OperatorItem.self, from: $0) }
            session.update { $0.set(operator: item.map { OperatorImpl(item: $0, baseURL: baseURL) }) }
        case (.chatOperatorTyping, .update):
            session.update { $0.set(operatorTyping: data?.boolValue ?? false) }
        case (.chatReadByVisitor, .update):
            if data?.boolValue == true { session.update { $0.set(unreadByVisitorCount: 0, sinceSeconds: nil) } }
        case (.chatState, .update):
            session.update { $0.set(chatState: ChatState(wireValue: data?.stringValue)) }
        case (.chatUnreadByOperatorSinceTimestamp, .update):
            session.update { $0.set(unreadByOperatorSinceSeconds: data?.doubleValue) }
        case (.chatID, .update):
            session.state.chatID = data?.intValue.map(Int.init)
        case (.unreadByVisitor, .update):
            if let unread = data.flatMap({ try? WireCoding.decode(UnreadByVisitorItem.self, from: $0) }) {
                session.update { $0.set(unreadByVisitorCount: unread.msgCnt, sinceSeconds: unread.sinceTs) }
            }
        case (.messageRead, .update):
            let read = data?.boolValue ?? false
            session.tracker.updateStoredMessage(serverSideID: item.id, in: session) { $0.read = read }
        case (.operatorRate, .update):
            if let rating = data.flatMap({ try? WireCoding.decode(RatingItem.self, from: $0) }) {
                session.state.keep(rating)
            }
        case (.departmentList, _):
            let items = data.flatMap { try? WireCoding.decode([DepartmentItem].self, from: $0) } ?? []
            session.update { $0.set(departments: items.map { DepartmentImpl(item: $0, baseURL: baseURL) }) }
        case (.historyRevision, _):
            if let revision = data.flatMap({ try? WireCoding.decode(HistoryRevisionItem.self, from: $0) }) {
                session.historySync.state.announcedRevision = String(revision.revision)
                session.wakeAll()
            }
        case (.visitSessionState, _):
            let visitState = VisitSessionState(wireValue: data?.stringValue)
            if event == .update || visitState == .offlineMessage {
                session.update { $0.set(visitSessionState: visitState) }
            }
        case (.survey, _):
            // PROTOCOL.md §3.4: an object is a new survey or its next question, null (or unreadable) cancels it.
            let survey = data.flatMap { try? WireCoding.decode(SurveyItem.self, from: $0) }
            session.listeners.deliver(session.state.survey.receive(survey))
        case (.visitorFull, _), (.visitSessionLanguage, _), (.visitSession, _),
            (.offlineChatMessage, _):
            // Kept by the protocol, not exposed by the reference's API.
            break
        default:
            break
        }
    }

    /// The current chat: its state, operator and messages, or none (PROTOCOL.md §4.1).
    func apply(chat: ChatItem?, in session: isolated SessionCore) {
        guard let chat else {
            session.state.chatID = nil
            session.update { $0.set(chatState: .closed) + $0.set(operator: nil) + $0.set(operatorTyping: false) }
            return
        }
        let baseURL = session.settings.baseURL
        session.state.chatID = chat.id
        session.update { state in
            state.set(chatState: ChatState(wireValue: chat.state))
                + state.set(operator: chat.operator.map { OperatorImpl(item: $0, baseURL: baseURL) })
                + state.set(operatorTyping: chat.operatorTyping ?? false)
                + state.set(unreadByOperatorSinceSeconds: chat.unreadByOperatorSinceTs)
                + state.set(
                    unreadByVisitorCount: chat.unreadByVisitorMsgCnt ?? 0,
                    sinceSeconds: chat.unreadByVisitorSinceTs
                )
        }
        for rating in (chat.operatorIdToRate ?? [:]).values { session.state.keep(rating) }
        for answer in (chat.operatorIdToResolutionSurvey ?? [:]).values { session.state.keep(answer) }
        session.tracker.receive(chat.messages ?? [], in: session)
    }

    /// PROTOCOL.md §3.2: both flags set, and an empty chat and history, give the hello message.
    private func offerHelloMessage(_ fullUpdate: FullUpdate, in session: isolated SessionCore) {
        guard fullUpdate.showHelloMessage == true, fullUpdate.chatStartAfterMessage == true,
            let text = fullUpdate.helloMessageDescr, !text.isEmpty,
            fullUpdate.chat?.messages?.isEmpty ?? true,
            (try? session.history.messages(before: nil, limit: 1).isEmpty) ?? true
        else { return }
        session.listeners.helloMessage?.helloMessage(message: text)
    }
}

extension OnlineStatus {
    /// PROTOCOL.md §8.3: the status a delta, a full update or `get-online-status` names.
    package init(wireValue: String?) {
        switch wireValue {
        case OnlineStatusValue.online: self = .online
        case OnlineStatusValue.busyOnline: self = .busyOnline
        case OnlineStatusValue.offline: self = .offline
        case OnlineStatusValue.busyOffline: self = .busyOffline
        default: self = .unknown
        }
    }
}

extension VisitSessionState {
    /// PROTOCOL.md §8.2: states the reference does not expose are `.unknown`.
    init(wireValue: String?) {
        switch wireValue {
        case VisitSessionStateValue.chat: self = .chat
        case VisitSessionStateValue.departmentSelection: self = .departmentSelection
        case VisitSessionStateValue.firstQuestion: self = .firstQuestion
        case VisitSessionStateValue.idle: self = .idle
        case VisitSessionStateValue.idleAfterChat: self = .idleAfterChat
        case VisitSessionStateValue.offlineMessage: self = .offlineMessage
        default: self = .unknown
        }
    }
}
