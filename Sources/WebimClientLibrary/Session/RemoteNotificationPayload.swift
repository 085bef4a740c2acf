/// A parsed Webim push notification (PROTOCOL.md §9): `aps.alert.loc-key`, `loc-args`, `webim`, `event`,
/// `location` and `unread_by_visitor_msg_cnt`.
struct RemoteNotificationPayload: WebimRemoteNotification {
    var type: NotificationType?
    var event: NotificationEvent?
    var parameters: [String]
    var location: String?
    var unreadCount: Int

    func getType() -> NotificationType? { type }
    func getEvent() -> NotificationEvent? { event }
    func getParameters() -> [String] { parameters }
    func getLocation() -> String? { location }
    func getUnreadByVisitorMessagesCount() -> Int { unreadCount }

    /// Whether the payload is Webim's.
    static func isWebim(_ payload: [AnyHashable: Any]) -> Bool {
        (payload["webim"] as? Bool) == true || (payload["webim"] as? Int) == 1 || (payload["webim"] as? String) == "1"
    }

    /// Nil when the payload is not Webim's, carries no known `loc-key`, or names another visitor.
    init?(_ payload: [AnyHashable: Any], visitorID: String?) {
        guard Self.isWebim(payload), let aps = payload["aps"] as? [AnyHashable: Any],
            let alert = aps["alert"] as? [AnyHashable: Any], let key = alert["loc-key"] as? String
        else { return nil }
        if let visitorID, let target = payload["visitor_id"] as? String ?? payload["visitorId"] as? String,
            target != visitorID
        {
            return nil
        }
        switch key {
        case "P.CR": type = .contactInformationRequest
        case "P.OA": type = .operatorAccepted
        case "P.OF": type = .operatorFile
        case "P.OM": type = .operatorMessage
        case "P.WM": type = .widget
        case "P.RO": type = .rateOperator
        default: return nil
        }
        switch payload["event"] as? String {
        case "add": event = .add
        case "del", "delete": event = .delete
        default: event = nil
        }
        parameters = (alert["loc-args"] as? [Any] ?? []).map { "\($0)" }
        location = payload["location"] as? String
        unreadCount =
            payload["unread_by_visitor_msg_cnt"] as? Int ?? Int(payload["unread_by_visitor_msg_cnt"] as? String ?? "")
            ?? 0
    }
}
