import Foundation
import WebimWire

/// What a session was built with (`SessionBuilder`), as one value the core keeps.
struct SessionSettings: Sendable {
    var accountName: String?
    var location: String?
    var prechat: String?
    var appVersion: String?
    var visitorFieldsJSON: String?
    var providedAuthorizationToken: String?
    var providedAuthorizationTokenStateListener: (any ProvidedAuthorizationTokenStateListener)?
    var pageTitle = "iOS Client"
    var fatalErrorHandler: (any FatalErrorHandler)?
    var notFatalErrorHandler: (any NotFatalErrorHandler)?
    var deviceToken: String?
    /// `apns` or `fcm` when a remote notification system is set.
    var pushService: String?
    var isLocalHistoryStoragingEnabled = true
    var multivisitorSection: String?
    var mobileChatInstance = "default"
    var log = SessionLog()
    var webimAlert: (any WebimAlert)?
    var requestTimeout: Duration = .seconds(30)
    var storageDirectory = FileManager.default.temporaryDirectory
    /// Nil keeps history in a database of the visitor's own, in `historyDirectory`.
    var sharedHistory: SharedHistory?
    /// Nil means HTTP to `baseURL`.
    var wireTransport: (any WireTransport)?
    /// Whether the hints request may reach another host at an address of this machine or a private network
    /// (`PrivateAddresses`); the account's own server it reaches whatever its address.
    var allowsPrivateHintsHosts = false
    /// The clock the session's timers sleep on: the delta and action loops' backoff, the typing throttle.
    var clock: any Clock<Duration> = ContinuousClock()
    /// Where the delta and action loops count their retries.
    var retryMetrics = SessionRetryMetrics.uncounted
    /// Told the visitor after each full update, for another process to continue it (`VisitorHandoff`).
    var visitorHandoffObserver: (@Sendable (VisitorHandoff) -> Void)?
    /// Told once per tracker when it shows the visitor's first message, or there is none (`TrackerState`).
    var historyCompleteObserver: (@Sendable () -> Void)?

    /// PROTOCOL.md §1.1: the account's server (`AccountBaseURL`).
    var baseURL: String { AccountBaseURL.make(accountName: accountName ?? "") }

    /// Where the history database lives: one folder per chat instance, so each is deleted with its `-wal`.
    var historyDirectory: URL { Self.historyDirectory(in: storageDirectory, chatInstance: mobileChatInstance) }

    /// The history folder of `chatInstance` in a visitor's storage folder.
    static func historyDirectory(in storageDirectory: URL, chatInstance: String = "default") -> URL {
        storageDirectory.appendingPathComponent(chatInstance == "default" ? "history" : "history-\(chatInstance)")
    }

    /// The visitor's history: in memory, in the shared store, or in a database in `historyDirectory`.
    func openHistory() throws -> HistoryDatabase {
        guard isLocalHistoryStoragingEnabled else { return try HistoryDatabase() }
        guard let sharedHistory else { return try HistoryDatabase(directory: historyDirectory) }
        let owner = HistoryOwnerName(visitorKey: sharedHistory.visitorKey, chatInstance: mobileChatInstance)
        try sharedHistory.store.adoptVisitorStore(in: historyDirectory, as: owner)
        return try HistoryDatabase(store: sharedHistory.store, owner: owner)
    }

    /// Deletes everything kept for the visitor: the storage folder, and its rows in a shared store.
    func eraseVisitorData() {
        if let sharedHistory { try? sharedHistory.store.erase(visitorKey: sharedHistory.visitorKey) }
        try? FileManager.default.removeItem(at: storageDirectory)
    }

    /// The provided visitor id of `visitorFieldsJSON` (PROTOCOL.md §2.7), by the rule the service checks the hash
    /// by: `fields.id` when there are fields, the top-level `id` only in the older form without them.
    var providedVisitorID: String? {
        guard let json = visitorFieldsJSON,
            let object = try? JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]
        else { return nil }
        if let fields = object["fields"] { return (fields as? [String: Any])?["id"].map { "\($0)" } }
        return object["id"].map { "\($0)" }
    }
}

/// A store shared by a server's sessions, and the key this visitor's rows are kept under.
struct SharedHistory: Sendable {
    let store: HistoryStore
    let visitorKey: String
}
