/// The entry point of the library, as in the SDK reference.
public final class Webim {
    private init() {}

    /// A builder for a new `WebimSession`.
    public static func newSessionBuilder() -> SessionBuilder { SessionBuilder() }

    /// Reads a Webim push notification; nil when it is not one, has no payload, or is for another visitor.
    public static func parse(
        remoteNotification: [AnyHashable: Any],
        visitorId: String? = nil
    ) -> (
        any WebimRemoteNotification
    )? {
        RemoteNotificationPayload(remoteNotification, visitorID: visitorId)
    }

    /// Whether a push notification comes from Webim (its payload has `webim: true`).
    public static func isWebim(remoteNotification: [AnyHashable: Any]) -> Bool {
        RemoteNotificationPayload.isWebim(remoteNotification)
    }
}
