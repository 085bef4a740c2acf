import Foundation

/// What `MessageStream`'s getters report, as the delta loop last left it.
struct StreamState: Sendable {
    var visitSessionState = VisitSessionState.unknown
    var chatState = ChatState.unknown
    var chatID: Int?
    var currentOperator: OperatorImpl?
    var isOperatorTyping = false
    var onlineStatus = OnlineStatus.unknown
    var departments: [DepartmentImpl]?
    var locationSettings = LocationSettingsImpl(hintsEnabled: false)
    var unreadByOperatorTimestamp: Date?
    var unreadByVisitorMessageCount = 0
    var unreadByVisitorTimestamp: Date?
    /// Ratings the visitor gave, 1…5, by operator id.
    var operatorRatings: [String: Int] = [:]
    /// The resolution survey's answers (0 or 1) by operator id, as the chat reports them.
    var operatorResolutions: [String: Int] = [:]
    /// Flags of the startup config (PROTOCOL.md §2.1): they gate `canBeEdited` and `canBeReplied`.
    var visitorMessageEditing = true
    var webAndMobileQuoting = true
    /// The config the app last fetched with `getServerSideSettings`; upload pre-checks use it (PROTOCOL.md §7.1).
    var serverSideSettings = WebimServerSideSettings.defaults
    /// Whether the delta loop is connected, for `NotFatalErrorHandler.connectionStateChanged(connected:)`.
    var isConnected = false
    /// The active survey and its open question.
    var survey = SurveyTracker()

    /// Whether a message sent now needs `chat.start` first (PROTOCOL.md §5.1).
    var needsChatStart: Bool { chatState.isClosed || visitSessionState == .offlineMessage }
}

/// Every listener a stream can have.
struct StreamListeners: Sendable {
    var visitSessionState: (any VisitSessionStateListener)?
    var chatState: (any ChatStateListener)?
    var currentOperator: (any CurrentOperatorChangeListener)?
    var departmentList: (any DepartmentListChangeListener)?
    var operatorTyping: (any OperatorTypingListener)?
    var locationSettings: (any LocationSettingsChangeListener)?
    var onlineStatus: (any OnlineStatusChangeListener)?
    var unreadByOperatorTimestamp: (any UnreadByOperatorTimestampChangeListener)?
    var unreadByVisitorMessageCount: (any UnreadByVisitorMessageCountChangeListener)?
    var unreadByVisitorTimestamp: (any UnreadByVisitorTimestampChangeListener)?
    var helloMessage: (any HelloMessageListener)?
    var survey: (any SurveyListener)?
}
