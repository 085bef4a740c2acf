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
    /// Nil means HTTP to `baseURL`.
    var wireTransport: (any WireTransport)?
    /// The clock the session's timers sleep on: the delta and action loops' backoff, the typing throttle.
    var clock: any Clock<Duration> = ContinuousClock()

    /// PROTOCOL.md §1.1: a name becomes `https://NAME.webim.ru`; a full URL is used as is, less one trailing `/`.
    var baseURL: String {
        let name = accountName ?? ""
        guard name.contains("://") else { return "https://\(name).webim.ru" }
        return name.hasSuffix("/") ? String(name.dropLast()) : name
    }

    /// Where the history database lives: one folder per chat instance, so each is deleted with its `-wal`.
    var historyDirectory: URL { Self.historyDirectory(in: storageDirectory, chatInstance: mobileChatInstance) }

    /// The history folder of `chatInstance` in a visitor's storage folder.
    static func historyDirectory(in storageDirectory: URL, chatInstance: String = "default") -> URL {
        storageDirectory.appendingPathComponent(chatInstance == "default" ? "history" : "history-\(chatInstance)")
    }

    /// The provided visitor id of `visitorFieldsJSON` (PROTOCOL.md §2.7: `fields.id` or a top-level `id`).
    var providedVisitorID: String? {
        guard let json = visitorFieldsJSON,
            let object = try? JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]
        else { return nil }
        let fields = object["fields"] as? [String: Any]
        return (fields?["id"] ?? object["id"]).map { "\($0)" }
    }
}
