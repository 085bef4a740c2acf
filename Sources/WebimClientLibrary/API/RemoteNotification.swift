/// The push systems a session can register for.
public enum RemoteNotificationSystem: Sendable, Equatable {
    /// Apple Push Notification service.
    case apns
    /// iOS 4.0: Firebase Cloud Messaging.
    case fcm
    /// No push notifications.
    case none
}

/// A push notification from Webim (PROTOCOL.md §9, the APNs payload).
public protocol WebimRemoteNotification: Sendable {
    /// What happened.
    func getType() -> NotificationType?
    /// Whether the notification adds or removes a shown notification.
    func getEvent() -> NotificationEvent?
    /// The `loc-args`: operator name, then message text or file name, as the type says.
    func getParameters() -> [String]
    /// The location the notification is about.
    func getLocation() -> String?
    /// How many messages the visitor has not read.
    func getUnreadByVisitorMessagesCount() -> Int
}

/// What a push notification is about (its `loc-key`).
public enum NotificationType: Sendable, Equatable {
    /// `P.CR`: the operator asks for contact information.
    case contactInformationRequest
    /// `P.OA`: an operator joined.
    case operatorAccepted
    /// `P.OF`: the operator sent a file.
    case operatorFile
    /// `P.OM`: the operator sent a message.
    case operatorMessage
    /// `P.WM`: a widget message.
    case widget
    /// v3, `P.RO`: the operator asks for a rating.
    case rateOperator
}

/// Whether a notification adds or deletes.
public enum NotificationEvent: Sendable, Equatable {
    case add
    case delete
}
