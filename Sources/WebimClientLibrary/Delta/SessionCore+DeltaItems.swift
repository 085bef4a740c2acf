import Foundation
import WebimWire

extension SessionCore {
    /// A complete snapshot (PROTOCOL.md §3.2): it replaces the session's state.
    func apply(_ fullUpdate: FullUpdate) {
        let values = identity.apply(fullUpdate)
        credentials.update(baseURL: settings.baseURL, pageID: identity.pageID, authToken: identity.authToken)
        do {
            try history.set(values)
        } catch {
            log(.error, .messageHistory, "could not store the visitor: \(error)")
        }
        settings.visitorHandoffObserver?(
            VisitorHandoff(
                deviceID: identity.deviceID,
                visitorJSON: identity.visitorJSON,
                visitSessionID: identity.visitSessionID,
                providedVisitorID: settings.providedVisitorID ?? ""
            )
        )
        setOnlineStatus(OnlineStatus(wireValue: fullUpdate.onlineStatus))
        setVisitSessionState(VisitSessionState(wireValue: fullUpdate.state))
        setDepartments(fullUpdate.departments ?? [])
        setHintsEnabled(fullUpdate.hintsEnabled ?? false)
        if let revision = fullUpdate.historyRevision {
            historySync.announce(String(revision))
        }
        apply(chat: fullUpdate.chat)
        listeners.deliver(state.survey.receive(fullUpdate.survey))
        offerHelloMessage(fullUpdate)
        wakeAll()
    }

    /// One delta item (PROTOCOL.md §3.3–§3.4); unknown types and events are ignored.
    func apply(_ item: DeltaItem) {
        guard let event = item.knownEvent, let type = item.knownObjectType else { return }
        let data = item.data
        switch (type, event) {
        case (.chat, .update):
            apply(chat: data.flatMap { try? WireCoding.decode(ChatItem.self, from: $0) })
        case (.chat, _):
            apply(chat: nil)
        case (.chatMessage, .add), (.chatMessage, .update):
            // PROTOCOL.md §3.4: messages are ignored while there is no chat.
            guard event == .update || state.chatState != .unknown || state.chatID != nil else { return }
            if let message = data.flatMap({ try? WireCoding.decode(MessageItem.self, from: $0) }) { receive([message]) }
        case (.chatMessage, .delete):
            removeMessage(serverSideID: item.id)
        case (.chatOperator, .update):
            setOperator(data.flatMap { try? WireCoding.decode(OperatorItem.self, from: $0) })
        case (.chatOperatorTyping, .update):
            setOperatorTyping(data?.boolValue ?? false)
        case (.chatReadByVisitor, .update):
            if data?.boolValue == true { setUnreadByVisitor(count: 0, sinceSeconds: nil) }
        case (.chatState, .update):
            setChatState(ChatState(wireValue: data?.stringValue))
        case (.chatUnreadByOperatorSinceTimestamp, .update):
            setUnreadByOperatorTimestamp(data?.doubleValue)
        case (.chatID, .update):
            state.chatID = data?.intValue.map(Int.init)
        case (.unreadByVisitor, .update):
            if let unread = data.flatMap({ try? WireCoding.decode(UnreadByVisitorItem.self, from: $0) }) {
                setUnreadByVisitor(count: unread.msgCnt, sinceSeconds: unread.sinceTs)
            }
        case (.messageRead, .update):
            let read = data?.boolValue ?? false
            updateStoredMessage(serverSideID: item.id) { $0.read = read }
        case (.operatorRate, .update):
            if let rating = data.flatMap({ try? WireCoding.decode(RatingItem.self, from: $0) }) { setRating(rating) }
        case (.departmentList, _):
            setDepartments(data.flatMap { try? WireCoding.decode([DepartmentItem].self, from: $0) } ?? [])
        case (.historyRevision, _):
            if let revision = data.flatMap({ try? WireCoding.decode(HistoryRevisionItem.self, from: $0) }) {
                historySync.announcedRevision = String(revision.revision)
                wakeAll()
            }
        case (.visitSessionState, _):
            let visitState = VisitSessionState(wireValue: data?.stringValue)
            if event == .update || visitState == .offlineMessage { setVisitSessionState(visitState) }
        case (.survey, _):
            // PROTOCOL.md §3.4: an object is a new survey or its next question, null (or unreadable) cancels it.
            listeners.deliver(state.survey.receive(data.flatMap { try? WireCoding.decode(SurveyItem.self, from: $0) }))
        case (.visitorFull, _), (.visitSessionLanguage, _), (.visitSession, _),
            (.offlineChatMessage, _):
            // Kept by the protocol, not exposed by the reference's API.
            break
        default:
            break
        }
    }

    /// The current chat: its state, operator and messages, or none (PROTOCOL.md §4.1).
    func apply(chat: ChatItem?) {
        guard let chat else {
            state.chatID = nil
            setChatState(.closed)
            setOperator(Optional<OperatorImpl>.none)
            setOperatorTyping(false)
            return
        }
        state.chatID = chat.id
        setChatState(ChatState(wireValue: chat.state))
        setOperator(chat.operator)
        setOperatorTyping(chat.operatorTyping ?? false)
        setUnreadByOperatorTimestamp(chat.unreadByOperatorSinceTs)
        setUnreadByVisitor(count: chat.unreadByVisitorMsgCnt ?? 0, sinceSeconds: chat.unreadByVisitorSinceTs)
        for rating in (chat.operatorIdToRate ?? [:]).values { setRating(rating) }
        for answer in (chat.operatorIdToResolutionSurvey ?? [:]).values { setRating(answer) }
        receive(chat.messages ?? [])
    }

    /// PROTOCOL.md §3.2: both flags set, and an empty chat and history, give the hello message.
    private func offerHelloMessage(_ fullUpdate: FullUpdate) {
        guard fullUpdate.showHelloMessage == true, fullUpdate.chatStartAfterMessage == true,
            let text = fullUpdate.helloMessageDescr, !text.isEmpty,
            fullUpdate.chat?.messages?.isEmpty ?? true,
            (try? history.messages(before: nil, limit: 1).isEmpty) ?? true
        else { return }
        listeners.helloMessage?.helloMessage(message: text)
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
