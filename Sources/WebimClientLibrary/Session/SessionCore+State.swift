import Foundation
import WebimWire

// Setters of the stream state: each reports a real change to its listener, on the executor.
extension SessionCore {
    func setChatState(_ chatState: ChatState) {
        guard chatState != state.chatState else { return }
        let previous = state.chatState
        state.chatState = chatState
        if chatState == .closed || chatState == .unknown {
            // PROTOCOL.md §3.4: only `closed` and unknown states also clear the operator and typing.
            setOperator(Optional<OperatorImpl>.none)
            setOperatorTyping(false)
        }
        perform(tracker.chatOrOperatorChanged())
        listeners.chatState?.changed(state: previous, to: chatState)
        wakeAll()
    }

    func setVisitSessionState(_ visitState: VisitSessionState) {
        if visitState == .offlineMessage { setOnlineStatus(.offline) }
        guard visitState != state.visitSessionState else { return }
        let previous = state.visitSessionState
        state.visitSessionState = visitState
        listeners.visitSessionState?.changed(state: previous, to: visitState)
        wakeAll()
    }

    func setOperator(_ item: OperatorItem?) {
        setOperator(item.map { OperatorImpl(item: $0, baseURL: settings.baseURL) })
    }

    func setOperator(_ new: OperatorImpl?) {
        guard new != state.currentOperator else { return }
        let previous = state.currentOperator
        state.currentOperator = new
        perform(tracker.chatOrOperatorChanged())
        listeners.currentOperator?.changed(operator: previous, to: new)
    }

    func setOperatorTyping(_ isTyping: Bool) {
        guard isTyping != state.isOperatorTyping else { return }
        state.isOperatorTyping = isTyping
        listeners.operatorTyping?.onOperatorTypingStateChanged(isTyping: isTyping)
    }

    func setOnlineStatus(_ status: OnlineStatus) {
        guard status != state.onlineStatus else { return }
        let previous = state.onlineStatus
        state.onlineStatus = status
        listeners.onlineStatus?.changed(onlineStatus: previous, to: status)
    }

    func setDepartments(_ items: [DepartmentItem]) {
        let departments = items.map { DepartmentImpl(item: $0, baseURL: settings.baseURL) }
        guard departments != state.departments else { return }
        state.departments = departments
        listeners.departmentList?.received(departmentList: departments)
    }

    func setHintsEnabled(_ enabled: Bool) {
        let new = LocationSettingsImpl(hintsEnabled: enabled)
        guard new != state.locationSettings else { return }
        let previous = state.locationSettings
        state.locationSettings = new
        listeners.locationSettings?.changed(locationSettings: previous, to: new)
    }

    func setUnreadByOperatorTimestamp(_ seconds: Double?) {
        let date = seconds.map { Date(timeIntervalSince1970: $0) }
        guard date != state.unreadByOperatorTimestamp else { return }
        state.unreadByOperatorTimestamp = date
        listeners.unreadByOperatorTimestamp?.changedUnreadByOperatorTimestampTo(newValue: date)
    }

    func setUnreadByVisitor(count: Int, sinceSeconds: Double?) {
        if count != state.unreadByVisitorMessageCount {
            state.unreadByVisitorMessageCount = count
            listeners.unreadByVisitorMessageCount?.changedUnreadByVisitorMessageCountTo(newValue: count)
        }
        let date = sinceSeconds.map { Date(timeIntervalSince1970: $0) }
        if date != state.unreadByVisitorTimestamp {
            state.unreadByVisitorTimestamp = date
            listeners.unreadByVisitorTimestamp?.changedUnreadByVisitorTimestampTo(newValue: date)
        }
    }

    /// Stores a rating or a resolution answer the service reports (wire −2…2 → 1…5, PROTOCOL.md §8.4).
    func setRating(_ item: RatingItem) {
        if let rating = item.rating { state.operatorRatings[String(item.operatorId)] = rating + 3 }
        if let answer = item.answer { state.operatorResolutions[String(item.operatorId)] = answer }
    }
}
