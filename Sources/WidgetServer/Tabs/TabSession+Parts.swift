import WebimClientLibrary

/// What the page opened a tab with: set once the tab started, and kept after its session closes, so that a kiosk's
/// tab stays a kiosk's to the routes that still answer.
struct TabOpening: Sendable {
    /// The Webim location the tab's session chats in.
    var location: String
    /// The department a chat starts in unless the page names one.
    var departmentKey: String?
    /// A kiosk page's tab: its files are served for no cache to keep.
    var isKiosk: Bool
    /// Where the tab's visitor data is kept.
    var storage: TabStorage
    /// The core's log, when the page asked for one.
    var coreLog: TabCoreLog?
}

/// The client core's session of a tab, while it lives. Confined to the tab's executor with the tab.
struct LiveSession {
    var session: any WebimSession
    var stream: any MessageStream
    var tracker: any MessageTracker
    /// Whether the visitor's data must outlive a plain close: the tab carried on a visitor from before, or its
    /// page acted on the chat (`TabSession.requireStream`).
    var hasDataWorthKeeping: Bool
    /// The tracker answers one request at a time; a second one meanwhile would get an empty page.
    var isReadingHistory = false
}
