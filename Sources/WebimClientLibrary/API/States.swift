/// Chat states (PROTOCOL.md §8.1).
public enum ChatState: Sendable, Equatable {
    case chatting
    case chattingWithRobot
    case closedByOperator
    case closedByVisitor
    case invitation
    case closed
    case queue
    case unknown
}

/// The location's online status (PROTOCOL.md §8.3).
public enum OnlineStatus: Sendable, Equatable {
    case busyOffline
    case busyOnline
    case offline
    case online
    case unknown
}

/// The visit session's state (PROTOCOL.md §8.2).
public enum VisitSessionState: Sendable, Equatable {
    case chat
    case departmentSelection
    case idle
    case idleAfterChat
    case offlineMessage
    /// iOS 4.0: the service asks the visitor for a first question.
    case firstQuestion
    case unknown
}

/// A department's online status.
public enum DepartmentOnlineStatus: Sendable, Equatable {
    case busyOffline
    case busyOnline
    case offline
    case online
    case unknown
}

/// v3: a visitor's reaction to an operator's message (its wire value).
public enum ReactionString: String, Sendable {
    case like
    case dislike
}
