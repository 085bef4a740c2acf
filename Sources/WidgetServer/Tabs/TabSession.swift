import Foundation
import HTTPAPI
import HTTPTypes
import WebimClientLibrary
import WebimWire

/// One browser tab: a client-core session confined, with this actor, to the tab's own executor.
actor TabSession {
    /// The options a page may give when it opens a tab.
    struct Options: Sendable {
        var location: String
        var visitorFields: String?
        var prechat: String?
        var departmentKey: String?
        /// The client core's log verbosity, for the developer preview; nil: no log is kept.
        var coreLog: WebimLoggerVerbosityLevel? = nil
    }

    nonisolated let id: String
    let events: TabEventLog
    /// The chat service's storage refusals, which make the tab refuse further sends itself.
    nonisolated let budgets = BudgetRefusals()
    /// The answers of the page's actions by `clientId`, for retries (`once(clientID:)`).
    var clientIDAnswers = ClientIDAnswers()
    /// Files uploaded for a later message of several files (`TabUploads`).
    nonisolated let unsentUploads = UnsentUploads()
    private let executor = WebimExecutor(label: "webim.tab")
    nonisolated var unownedExecutor: UnownedSerialExecutor { executor.asUnownedSerialExecutor() }

    let listener: TabListener
    /// What the page opened the tab with, from its start on; it outlives the session.
    private(set) var opening: TabOpening?
    /// The client core's session, from the tab's start to its close.
    var live: LiveSession?

    /// Where the session counts its retries; nil counts nothing.
    private let metrics: WidgetMetrics?

    /// The Webim location the tab's session chats in.
    var location: String { opening?.location ?? "" }
    /// A kiosk page's tab: its files are served for no cache to keep.
    var isKiosk: Bool { opening?.isKiosk ?? false }
    /// The core's log, when the page asked for one (`Options.coreLog`).
    var coreLog: TabCoreLog? { opening?.coreLog }

    // The page's actions, each feature's beside the tab: they run on its executor through `perform`.
    nonisolated var messages: TabMessageActions { TabMessageActions(tab: self) }
    nonisolated var chat: TabChatActions { TabChatActions(tab: self) }
    nonisolated var surveys: TabSurveyActions { TabSurveyActions(tab: self) }
    nonisolated var uploads: TabUploads { TabUploads(tab: self) }
    nonisolated var hints: TabHints { TabHints(tab: self) }
    nonisolated var reading: TabHistory { TabHistory(tab: self) }

    /// `departed` is called once the page has left the tab and its outbox is delivered (`TabEventLog`).
    init(
        id: String,
        streamQueueCapacity: Int,
        streamsPerTab: Int,
        metrics: WidgetMetrics? = nil,
        departed: @escaping @Sendable () -> Void = {}
    ) {
        self.id = id
        self.metrics = metrics
        events = TabEventLog(
            subscriberBuffer: streamQueueCapacity,
            maximumSubscribers: streamsPerTab,
            metrics: metrics,
            departed: departed
        )
        listener = TabListener(tabID: id, events: events)
    }

    /// Builds and resumes the session, then publishes the messages already stored for the visitor.
    func start(
        accountURL: String,
        transport: (any WireTransport)?,
        options: Options,
        storage: TabStorage,
        isKiosk: Bool = false,
        isResumed: Bool = false,
        credentials: CredentialIssuer? = nil,
        allowsPrivateHintsHosts: Bool = false
    ) throws {
        var builder = Webim.newSessionBuilder()
            .set(accountName: accountURL)
            .set(location: options.location)
            .set(pageTitle: "Webim widget")
            .set(storageDirectory: storage.folder(of: id))
            .set(historyStore: storage.history, visitorKey: id)
            .set(executor: executor)
            .set(fatalErrorHandler: listener)
            .set(notFatalErrorHandler: listener)
            .set(allowsPrivateHintsHosts: allowsPrivateHintsHosts)
        if let fields = options.visitorFields { builder = builder.set(visitorFieldsJSONString: fields) }
        if let prechat = options.prechat { builder = builder.set(prechat: prechat) }
        if let transport { builder = builder.set(wireTransport: transport) }
        if let metrics { builder = builder.set(retryMetrics: metrics.retries) }
        if let credentials {
            builder = builder.set(visitorHandoffObserver: { [events] visitor in
                // Without one the page can still come back here, where the tab's data is kept.
                guard let sealed = try? credentials.sealed(visitor) else { return }
                events.publish(.credential(sealed))
            })
        }
        builder = builder.set(historyCompleteObserver: { [events] in events.publish(.historyComplete) })
        // A shared screen keeps no log of its visitors.
        var coreLog: TabCoreLog?
        if let level = options.coreLog, !isKiosk {
            let log = TabCoreLog()
            coreLog = log
            builder = builder.set(webimLogger: log, verbosityLevel: level)
        }
        let session = try builder.build()
        let stream = session.getStream()
        stream.set(chatStateListener: listener)
        stream.set(visitSessionStateListener: listener)
        stream.set(currentOperatorChangeListener: listener)
        stream.set(operatorTypingListener: listener)
        stream.set(departmentListChangeListener: listener)
        stream.set(locationSettingsChangeListener: listener)
        stream.set(onlineStatusChangeListener: listener)
        stream.set(unreadByOperatorTimestampChangeListener: listener)
        stream.set(unreadByVisitorMessageCountChangeListener: listener)
        stream.set(unreadByVisitorTimestampChangeListener: listener)
        stream.set(helloMessageListener: listener)
        stream.set(surveyListener: listener)
        let tracker = try stream.newMessageTracker(messageListener: listener)
        let pageSize = TabProjection.snapshotPageSize
        try tracker.getLastMessages(byLimit: pageSize) { [events, listener] messages in
            for message in messages {
                events.publish(.messageAdded(listener.shownMessage(message, clientID: nil), beforeID: nil))
            }
        }
        try session.resume()
        try stream.getServerSideSettings(completionHandler: LimitsRequest(events: events))
        live = LiveSession(session: session, stream: stream, tracker: tracker, hasDataWorthKeeping: isResumed)
        opening = TabOpening(
            location: options.location,
            departmentKey: options.departmentKey,
            isKiosk: isKiosk,
            storage: storage,
            coreLog: coreLog
        )
    }

    /// How long an erasure waits for the service to confirm that the visitor's history is cleared there.
    static let erasureConfirmationTimeout: Duration = .seconds(5)

    /// Destroys the session and ends the tab's streams; deletes the visitor's data folder as `ending` says.
    func close(_ ending: TabEnding) async {
        try? live?.tracker.destroy()
        let (session, storage) = (live?.session, opening?.storage)
        switch ending {
        case .erased:
            await clearAtService()
            // The core erases its visitor in the store and the folder, and empties the store's log.
            if let session { try? session.destroyWithClearVisitorData() } else { try? storage?.erase(tabID: id) }
        case .closed where live?.hasDataWorthKeeping != true:
            // Nothing worth keeping, and nothing private to wipe from the log: the rows go, overwritten.
            try? session?.destroy()
            try? storage?.discard(tabID: id)
        case .closed, .shutdown:
            try? session?.destroy()
            storage?.markUsed(tabID: id)
        }
        live = nil
        events.end()
    }

    /// Closes the visitor's chat and clears their history on the service (`VisitorErasure`), waiting a while for it
    /// to confirm: the tab's sealed credential still names the visitor, and any server of the deployment that
    /// continues it asks the service, not this one, for the conversation. A visitor who never chatted has none.
    private func clearAtService() async {
        guard let live, live.hasDataWorthKeeping, let erasure = live.session as? any VisitorErasure else { return }
        let confirmation = OneAnswer<Bool>()
        do {
            try erasure.closeChatAndClearHistoryAtService { confirmation.give($0) }
        } catch {
            return
        }
        _ = await confirmation.value(within: Self.erasureConfirmationTimeout)
    }

    /// The stream, or 409 once the session is gone. Every action of the page goes through here, so from now on the
    /// visitor's data is kept when the tab closes.
    func requireStream() throws -> any MessageStream {
        let stream = try currentStream()
        live?.hasDataWorthKeeping = true
        return stream
    }

    /// The stream for what a page does by itself (typing, marking read), which leaves nothing worth keeping; or 409.
    func currentStream() throws -> any MessageStream {
        guard let stream = live?.stream else { throw APIError.sessionEnded }
        return stream
    }

    /// Runs a feature's action on the tab's executor, where the session may be used.
    @discardableResult
    func perform<Result: Sendable>(
        _ action: @Sendable (isolated TabSession) async throws -> Result
    ) async rethrows -> Result {
        try await action(self)
    }

    /// Performs an action once per `clientID`: a retry of an accepted one does nothing again. Its outcome comes as a
    /// `result` event through the handler; `perform` answers what the action was about, remembered for the retry.
    func once(clientID: String, _ perform: (ActionResultHandler) throws -> String) throws {
        guard clientIDAnswers.answer(forClientID: clientID) == nil else { return }
        let answer = try perform(ActionResultHandler(clientID: clientID, events: events))
        clientIDAnswers.remember(answer: answer, forClientID: clientID)
    }

    /// The message `id` as the core knows it; 404 naming `field` when the tab never showed it.
    func message(_ id: String, field: String) throws -> any Message {
        guard let message = events.coreMessage(id: id) else {
            throw APIError.unknownMessage(field: field)
        }
        return message
    }
}
