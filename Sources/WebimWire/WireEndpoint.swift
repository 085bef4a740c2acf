/// The paths of the Webim visitor protocol (PROTOCOL.md §1.4).
public enum WireEndpoint {
    /// Endpoint discovery (iOS 4.0).
    public static let meta = "/api/visitor/meta"
    /// Location configuration; the location key follows as the last path component.
    public static let configs = "/api/visitor/v1/configs"
    /// Legacy JS-wrapped settings: `<legacySettingsPrefix><location>.js`.
    public static let legacySettingsPrefix = "/x/js/v/all-settings-"
    /// Legacy JS-wrapped settings with the location as a query parameter (iOS 3.40–3.43).
    public static let legacyMobileSettings = "/x/js/v/all-settings-mobile.js"
    /// Session init (iOS ≥ 3.39).
    public static let initialization = "/l/v/m/init"
    /// The delta long-poll; also init with `event=init` (iOS ≤ 3.38, Android).
    public static let delta = "/l/v/m/delta"
    /// Every visitor action, as a form post.
    public static let action = "/l/v/m/action"
    /// History since a revision or before a timestamp.
    public static let history = "/l/v/m/history"
    /// File upload, multipart.
    public static let upload = "/l/v/m/upload"
    /// Deletes an uploaded file that was never sent.
    public static let fileDelete = "/l/v/file-delete"
    /// Signed download: `<download>/<guid>/<filename>?page-id&expires&hash[&thumb=ios]`.
    public static let download = "/l/v/m/download"
    /// Full-text search in the visitor's history.
    public static let searchMessages = "/l/v/m/search-messages"
    /// Online status of a location.
    public static let onlineStatus = "/l/v/m/get-online-status"
    /// Online status, as Android spells it.
    public static let legacyOnlineStatus = "/l/v/get-online-status"
    /// Light mode authentication (iOS 4.0).
    public static let auth = "/l/v/m/auth"
    /// Light mode unread counter (iOS 4.0).
    public static let info = "/l/v/m/info"
    /// The embedded service's hints service, `<hints>/<location>` (PROTOCOL.md §9's `visitor_hints_api_endpoint`).
    /// Not Webim's: a Webim account names a hints service of its own, outside the protocol's paths.
    public static let hints = "/api/visitor/v1/hints"
}
