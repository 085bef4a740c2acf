import Foundation
import WebimWire

/// The public message stream: checks access, then acts on the core. Actions are in `MessageStreamImpl+Actions`.
final class MessageStreamImpl: MessageStream {
    let core: SessionCore
    /// The hints service's endpoint, kept beside the core (`autocomplete(text:)`).
    let autocompletion = Autocompletion()

    init(core: SessionCore) { self.core = core }

    // MARK: State

    func getVisitSessionState() -> VisitSessionState { core.read(.unknown) { $0.state.visitSessionState } }
    func getChatState() -> ChatState { core.read(.unknown) { $0.state.chatState } }
    func getChatId() -> Int? { core.read(nil) { $0.state.chatID } }
    func getUnreadByOperatorTimestamp() -> Date? { core.read(nil) { $0.state.unreadByOperatorTimestamp } }
    func getUnreadByVisitorMessageCount() -> Int { core.read(0) { $0.state.unreadByVisitorMessageCount } }
    func getUnreadByVisitorTimestamp() -> Date? { core.read(nil) { $0.state.unreadByVisitorTimestamp } }
    func getCurrentOperator() -> (any Operator)? { core.read(nil) { $0.state.currentOperator } }

    func getDepartmentList() -> [any Department]? {
        core.read(nil) { core in core.state.departments.map { $0 as [any Department] } }
    }

    func getLocationSettings() -> any LocationSettings {
        core.read(LocationSettingsImpl(hintsEnabled: false)) { $0.state.locationSettings }
    }

    func getLastRatingOfOperatorWith(id: String) -> Int { core.read(0) { $0.state.operatorRatings[id] ?? 0 } }
    func getLastResolutionSurveyWith(operatorId: String) -> Int? {
        core.read(nil) { $0.state.operatorResolutions[operatorId] }
    }

    // MARK: Tracker

    func newMessageTracker(messageListener: any MessageListener) throws -> any MessageTracker {
        let generation = try core.withAccess { $0.tracker.startTracker(listener: messageListener) }
        return MessageTrackerImpl(core: core, generation: generation)
    }

    // MARK: Listeners

    func set(visitSessionStateListener: any VisitSessionStateListener) {
        setListener { $0.visitSessionState = visitSessionStateListener }
    }
    func set(chatStateListener: any ChatStateListener) { setListener { $0.chatState = chatStateListener } }
    func set(currentOperatorChangeListener: any CurrentOperatorChangeListener) {
        setListener { $0.currentOperator = currentOperatorChangeListener }
    }
    func set(departmentListChangeListener: any DepartmentListChangeListener) {
        setListener { $0.departmentList = departmentListChangeListener }
    }
    func set(operatorTypingListener: any OperatorTypingListener) {
        setListener { $0.operatorTyping = operatorTypingListener }
    }
    func set(locationSettingsChangeListener: any LocationSettingsChangeListener) {
        setListener { $0.locationSettings = locationSettingsChangeListener }
    }
    func set(onlineStatusChangeListener: any OnlineStatusChangeListener) {
        setListener { $0.onlineStatus = onlineStatusChangeListener }
    }
    func set(unreadByOperatorTimestampChangeListener: any UnreadByOperatorTimestampChangeListener) {
        setListener { $0.unreadByOperatorTimestamp = unreadByOperatorTimestampChangeListener }
    }
    func set(unreadByVisitorMessageCountChangeListener: any UnreadByVisitorMessageCountChangeListener) {
        setListener { $0.unreadByVisitorMessageCount = unreadByVisitorMessageCountChangeListener }
    }
    func set(unreadByVisitorTimestampChangeListener: any UnreadByVisitorTimestampChangeListener) {
        setListener { $0.unreadByVisitorTimestamp = unreadByVisitorTimestampChangeListener }
    }
    func set(helloMessageListener: any HelloMessageListener) { setListener { $0.helloMessage = helloMessageListener } }

    func set(surveyListener: any SurveyListener) { setListener { $0.survey = surveyListener } }

    /// The reference's setters do not throw: a call off the executor or after destroy changes nothing.
    private func setListener(_ change: @escaping @Sendable (inout StreamListeners) -> Void) {
        _ = try? core.withAccess { change(&$0.listeners) }
    }
}
