public import Foundation
public import WebimWire

/// Configures and builds a `WebimSession`, as in the SDK reference.
public final class SessionBuilder {
    private var settings = SessionSettings()
    private var storageDirectory: URL?
    private var executor: WebimExecutor?
    private var remoteNotificationSystem = RemoteNotificationSystem.none
    private var isVisitorDataClearingEnabled = false

    init() {}

    /// The Webim account: a name (`https://NAME.webim.ru`) or a full base URL such as `http://127.0.0.1:8081`.
    @discardableResult
    public func set(accountName: String) -> SessionBuilder { with { $0.accountName = accountName } }

    /// The Webim location; the embedded service picks its scenario by it.
    @discardableResult
    public func set(location: String) -> SessionBuilder { with { $0.location = location } }

    /// Prechat fields, as JSON or as `key:value` lines (sent as `prechat-key-independent-fields`).
    @discardableResult
    public func set(prechat: String) -> SessionBuilder { with { $0.prechat = prechat } }

    /// The host app's version; nil does nothing.
    @discardableResult
    public func set(appVersion: String?) -> SessionBuilder { with { if let appVersion { $0.appVersion = appVersion } } }

    /// An authorised visitor: the signed visitor fields JSON of PROTOCOL.md §2.7.
    @discardableResult
    public func set(visitorFieldsJSONString jsonString: String) -> SessionBuilder {
        with { $0.visitorFieldsJSON = jsonString }
    }

    /// The same, as data.
    @discardableResult
    public func set(visitorFieldsJSONData jsonData: Data) -> SessionBuilder {
        with { $0.visitorFieldsJSON = String(decoding: jsonData, as: UTF8.self) }
    }

    /// A custom authorization: the token the app's server registers with Webim; nil lets the library make one.
    @discardableResult
    public func set(
        providedAuthorizationTokenStateListener: (any ProvidedAuthorizationTokenStateListener)?,
        providedAuthorizationToken: String? = nil
    ) -> SessionBuilder {
        with {
            $0.providedAuthorizationTokenStateListener = providedAuthorizationTokenStateListener
            $0.providedAuthorizationToken = providedAuthorizationToken ?? ClientSideID.make()
        }
    }

    /// The page title the operator sees (default "iOS Client").
    @discardableResult
    public func set(pageTitle: String) -> SessionBuilder { with { $0.pageTitle = pageTitle } }

    /// Receives fatal errors; the session is destroyed after one. Nil does nothing.
    @discardableResult
    public func set(fatalErrorHandler: (any FatalErrorHandler)?) -> SessionBuilder {
        with { if let fatalErrorHandler { $0.fatalErrorHandler = fatalErrorHandler } }
    }

    /// Receives non-fatal (network) errors.
    @discardableResult
    public func set(notFatalErrorHandler: any NotFatalErrorHandler) -> SessionBuilder {
        with { $0.notFatalErrorHandler = notFatalErrorHandler }
    }

    /// The push system; anything but `.none` needs `set(deviceToken:)` too.
    @discardableResult
    public func set(remoteNotificationSystem: RemoteNotificationSystem) -> SessionBuilder {
        self.remoteNotificationSystem = remoteNotificationSystem
        return self
    }

    /// The push token, as hexadecimal text.
    @discardableResult
    public func set(deviceToken: String?) -> SessionBuilder { with { $0.deviceToken = deviceToken } }

    /// Whether history and the outbox are kept in SQLite (default) or in memory only.
    @discardableResult
    public func set(isLocalHistoryStoragingEnabled: Bool) -> SessionBuilder {
        with { $0.isLocalHistoryStoragingEnabled = isLocalHistoryStoragingEnabled }
    }

    /// Deletes everything stored about the visitor before the session is built.
    @discardableResult
    public func set(isVisitorDataClearingEnabled: Bool) -> SessionBuilder {
        self.isVisitorDataClearingEnabled = isVisitorDataClearingEnabled
        return self
    }

    /// A suffix of the device id, so that several visitors on one device get their own notifications.
    @discardableResult
    public func set(multivisitorSection: String) -> SessionBuilder {
        with { $0.multivisitorSection = multivisitorSection }
    }

    /// v3: a separate chat inside the same app, with its own stored data (default "default").
    @discardableResult
    public func set(mobileChatInstance: String) -> SessionBuilder {
        with { $0.mobileChatInstance = mobileChatInstance }
    }

    /// Receives log entries at `verbosityLevel` and above.
    @discardableResult
    public func set(
        webimLogger: (any WebimLogger)?,
        verbosityLevel: WebimLoggerVerbosityLevel = .warning,
        availableLogTypes: [WebimLogType] = WebimLogType.allCases
    ) -> SessionBuilder {
        with { $0.log = SessionLog(logger: webimLogger, level: verbosityLevel, types: Set(availableLogTypes)) }
    }

    /// v3: shows alerts about fatal errors.
    @discardableResult
    public func set(webimAlert: (any WebimAlert)?) -> SessionBuilder { with { $0.webimAlert = webimAlert } }

    /// Linux addition: the folder of this visitor's stored data (iOS uses the app's own containers).
    @discardableResult
    public func set(storageDirectory: URL) -> SessionBuilder {
        self.storageDirectory = storageDirectory
        return self
    }

    /// Linux addition: the executor the session is confined to (iOS uses the thread `build()` runs on).
    @discardableResult
    public func set(executor: WebimExecutor) -> SessionBuilder {
        self.executor = executor
        return self
    }

    /// Linux addition: the longest an init or action request may hang before it is retried (default 30 s).
    @discardableResult
    public func set(requestTimeout: Duration) -> SessionBuilder { with { $0.requestTimeout = requestTimeout } }

    /// Linux addition: how protocol requests reach the service (default: HTTP to the account's server). An
    /// embedder running the service in its own process passes one that calls it directly; file URLs still
    /// point at the account's server.
    @discardableResult
    public func set(wireTransport: any WireTransport) -> SessionBuilder { with { $0.wireTransport = wireTransport } }

    /// Lets the hints request (`autocomplete(text:)`) reach an endpoint on another host than the account's at an
    /// address of this machine or a private network: loopback, link-local, RFC 1918, IPv6 unique local. Off by
    /// default, because the account config names the endpoint and a server posts what each visitor types there; the
    /// account's own server is asked whatever its address. Not in the reference; `package`, for the widget server's
    /// `--allow-private-hints`.
    @discardableResult
    package func set(allowsPrivateHintsHosts: Bool) -> SessionBuilder {
        with { $0.allowsPrivateHintsHosts = allowsPrivateHintsHosts }
    }

    /// Linux addition: the clock the session's timers sleep on (default: `ContinuousClock`), so that tests can
    /// drive them with a test clock.
    @discardableResult
    package func set(clock: any Clock<Duration>) -> SessionBuilder { with { $0.clock = clock } }

    /// Linux addition: counts the delta and action loops' retries in `metrics` (a server's, shared by its sessions).
    @discardableResult
    package func set(retryMetrics metrics: SessionRetryMetrics) -> SessionBuilder {
        with { $0.retryMetrics = metrics }
    }

    /// Keeps this visitor's history, outbox and ids in `store`, shared by a server's sessions, under `visitorKey`
    /// instead of a database in the storage folder; one found there from before moves into the store. Not in the
    /// reference, and `package`: an app has one visitor, a server thousands (`HistoryStore`).
    @discardableResult
    package func set(historyStore store: HistoryStore, visitorKey: String) -> SessionBuilder {
        with { $0.sharedHistory = SharedHistory(store: store, visitorKey: visitorKey) }
    }

    /// Tells `observer` the visitor after each full update (on the session's own queue; keep it short), so that
    /// another process can continue it: a cluster of widget servers hands a tab from one server to the next. Not in
    /// the reference; `package`, as `set(historyStore:visitorKey:)`.
    @discardableResult
    package func set(visitorHandoffObserver observer: @escaping @Sendable (VisitorHandoff) -> Void) -> SessionBuilder {
        with { $0.visitorHandoffObserver = observer }
    }

    /// Tells `observer` once per message tracker when the tracker shows the visitor's first message, or there is no
    /// message at all (on the session's own queue; keep it short): a widget then stops offering older messages before
    /// anyone asks for them. The reference has no such call, since `getNextMessages` answering an empty page says it
    /// too, but only once someone asks. Not in the reference; `package`, as `set(historyStore:visitorKey:)`.
    @discardableResult
    package func set(historyCompleteObserver observer: @escaping @Sendable () -> Void) -> SessionBuilder {
        with { $0.historyCompleteObserver = observer }
    }

    /// Builds the session. It starts paused: call `resume()`.
    public func build() throws -> any WebimSession {
        guard settings.accountName != nil else { throw SessionBuilderError.nilAccountName }
        guard settings.location != nil else { throw SessionBuilderError.nilLocation }
        if settings.visitorFieldsJSON != nil, settings.providedAuthorizationToken != nil {
            throw SessionBuilderError.invalidAuthentificatorParameters
        }
        if remoteNotificationSystem != .none {
            guard let token = settings.deviceToken else {
                throw SessionBuilderError.invalidRemoteNotificationConfiguration
            }
            guard !token.isEmpty, token.allSatisfy(\.isHexDigit) else { throw SessionBuilderError.invalidHex }
            settings.pushService = remoteNotificationSystem == .fcm ? "fcm" : "apns"
        }
        let executor = executor ?? WebimExecutor()
        guard executor.isCurrent else { throw AccessError.invalidThread }
        let directory =
            storageDirectory
            ?? FileManager.default.temporaryDirectory.appendingPathComponent("webim-\(UUID().uuidString)")
        settings.storageDirectory = directory
        if isVisitorDataClearingEnabled { settings.eraseVisitorData() }
        let history: HistoryDatabase
        do {
            history = try settings.openHistory()
        } catch {
            throw SessionBuilderError.invalidHistoryStorage
        }
        let core = SessionCore(executor: executor, settings: settings, history: history)
        core.assumeIsolated { $0.restoreFromHistory() }
        return WebimSessionImpl(core: core)
    }

    /// `build()`, answering through closures as the reference's `build(onSuccess:onError:)`.
    public func build(onSuccess: (any WebimSession) -> Void, onError: (SessionBuilderError) -> Void) {
        do {
            onSuccess(try build())
        } catch let error as SessionBuilderError {
            onError(error)
        } catch {
            onError(.unknown)
        }
    }

    private func with(_ change: (inout SessionSettings) -> Void) -> SessionBuilder {
        change(&settings)
        return self
    }
}
