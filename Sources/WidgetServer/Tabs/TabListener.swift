import Foundation
import WebimClientLibrary

/// Turns every listener call of a tab's session into an event of the tab's stream.
final class TabListener: MessageListener, ChatStateListener, CurrentOperatorChangeListener, OperatorTypingListener,
    VisitSessionStateListener, DepartmentListChangeListener, LocationSettingsChangeListener,
    OnlineStatusChangeListener, UnreadByOperatorTimestampChangeListener, UnreadByVisitorMessageCountChangeListener,
    UnreadByVisitorTimestampChangeListener, HelloMessageListener, SurveyListener, FatalErrorHandler,
    NotFatalErrorHandler
{
    private let tabID: String
    private let events: TabEventLog
    /// The page's ids of the messages the widget is sending.
    let outgoing = OutgoingClientIDs()

    init(tabID: String, events: TabEventLog) {
        self.tabID = tabID
        self.events = events
    }

    /// A message as this tab shows it; the tab's events record it, so that actions and file downloads find it.
    func shownMessage(_ message: any Message, clientID: String?) -> ShownMessage {
        ShownMessage(message, clientID: clientID, tabID: tabID)
    }

    func added(message newMessage: any Message, after previousMessage: (any Message)?) {
        let clientID = outgoing.take(messageID: newMessage.getID()) ?? events.clientID(ofMessage: newMessage.getID())
        events.publish(
            .messageAdded(shownMessage(newMessage, clientID: clientID), beforeID: previousMessage?.getID())
        )
    }

    func removed(message: any Message) {
        events.publish(.messageRemoved(id: message.getID()))
    }

    func removedAllMessages() {
        events.publish(.messagesCleared)
    }

    func changed(message oldVersion: any Message, to newVersion: any Message) {
        let clientID = events.clientID(ofMessage: oldVersion.getID())
        events.publish(.messageChanged(shownMessage(newVersion, clientID: clientID)))
    }

    func changed(state previousState: ChatState, to newState: ChatState) {
        events.publish(.chatState(newState.contractName))
    }

    func changed(state previousState: VisitSessionState, to newState: VisitSessionState) {
        events.publish(.visitState(newState.contractName))
    }

    func changed(operator previousOperator: (any Operator)?, to newOperator: (any Operator)?) {
        events.publish(.operatorChanged(newOperator.map(WidgetOperator.init)))
    }

    func onOperatorTypingStateChanged(isTyping: Bool) { events.publish(.operatorTyping(isTyping)) }

    func received(departmentList: [any Department]) {
        events.publish(.departments(departmentList.map(WidgetDepartment.init)))
    }

    func changed(
        locationSettings previousLocationSettings: any LocationSettings,
        to newLocationSettings: any LocationSettings
    ) {
        events.publish(.locationSettings(hintsEnabled: newLocationSettings.areHintsEnabled()))
    }

    func changed(onlineStatus previousOnlineStatus: OnlineStatus, to newOnlineStatus: OnlineStatus) {
        events.publish(.onlineStatus(newOnlineStatus.contractName))
    }

    func changedUnreadByOperatorTimestampTo(newValue: Date?) {
        events.publish(.unreadByOperator(time: newValue?.milliseconds))
    }

    func changedUnreadByVisitorMessageCountTo(newValue: Int) {
        unreadByVisitorCount.set(newValue)
        events.publish(.unreadByVisitor(count: newValue, time: unreadByVisitorTime.value))
    }

    func changedUnreadByVisitorTimestampTo(newValue: Date?) {
        unreadByVisitorTime.set(newValue?.milliseconds)
        events.publish(.unreadByVisitor(count: unreadByVisitorCount.value, time: newValue?.milliseconds))
    }

    func helloMessage(message: String) { events.publish(.hello(message)) }

    func on(survey: any Survey) { surveyProgress.set(SurveyProgress(survey)) }

    /// The question is the progress's next one: the core asks the survey's questions in the order it lists them.
    func on(nextQuestion: any SurveyQuestion) {
        guard let (survey, after) = surveyProgress.value?.opened() else { return }
        surveyProgress.set(after)
        events.publish(.survey(survey))
    }

    func onSurveyCancelled() {
        surveyProgress.set(nil)
        events.publish(.survey(nil))
    }

    func on(error: any WebimError) {
        events.publish(.fatalError(type: error.getErrorType().contractName, message: error.getErrorString()))
    }

    func on(error: any WebimNotFatalError) {
        events.publish(.transientError(type: error.getErrorType().contractName, message: error.getErrorString()))
    }

    /// The two unread-by-visitor listeners each report half of the `unread.visitor` event.
    private let unreadByVisitorTime = LockedValue<Int64?>(nil)
    private let unreadByVisitorCount = LockedValue(0)
    /// The open survey, for the position of each next question.
    private let surveyProgress = LockedValue<SurveyProgress?>(nil)
}
