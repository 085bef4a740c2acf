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
    /// The answers of the page's actions by `clientId`, for retries (`TabSession+Actions`).
    var clientIDAnswers = ClientIDAnswers()
    /// Files uploaded for a later message of several files (`TabSession+Uploads`).
    nonisolated let unsentUploads = UnsentUploads()
    private let executor = WebimExecutor(label: "webim.tab")
    nonisolated var unownedExecutor: UnownedSerialExecutor { executor.asUnownedSerialExecutor() }

    let listener: TabListener
    var session: (any WebimSession)?
    /// The core's log, when the page asked for one (`Options.coreLog`).
    private(set) var coreLog: TabCoreLog?
    var stream: (any MessageStream)?
    var tracker: (any MessageTracker)?
    /// Where the tab's visitor data is kept, once the session started.
    var storage: TabStorage?
    var departmentKey: String?
    /// The tracker answers one request at a time; a second one meanwhile would get an empty page.
    var isReadingHistory = false
    /// A kiosk page's tab: its files are served for no cache to keep.
    private(set) var isKiosk = false
    /// The Webim location the tab's session chats in.
    private(set) var location = ""
    /// Whether the visitor's data must outlive a plain close: the tab carried on a visitor from before, or its
    /// page acted on the chat (`requireStream`).
    private var hasDataWorthKeeping = false

    /// Where the session counts its retries; nil counts nothing.
    private let metrics: WidgetMetrics?

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
        (self.session, self.stream, self.tracker) = (session, stream, tracker)
        self.storage = storage
        departmentKey = options.departmentKey
        self.isKiosk = isKiosk
        location = options.location
        hasDataWorthKeeping = isResumed
    }

    /// How long an erasure waits for the service to confirm that the visitor's history is cleared there.
    static let erasureConfirmationTimeout: Duration = .seconds(5)

    /// Destroys the session and ends the tab's streams; deletes the visitor's data folder as `ending` says.
    func close(_ ending: TabEnding) async {
        try? tracker?.destroy()
        switch ending {
        case .erased:
            await clearAtService()
            // The core erases its visitor in the store and the folder, and empties the store's log.
            if let session { try? session.destroyWithClearVisitorData() } else { try? storage?.erase(tabID: id) }
        case .closed where !hasDataWorthKeeping:
            // Nothing worth keeping, and nothing private to wipe from the log: the rows go, overwritten.
            try? session?.destroy()
            try? storage?.discard(tabID: id)
        case .closed, .shutdown:
            try? session?.destroy()
            storage?.markUsed(tabID: id)
        }
        (session, stream, tracker) = (nil, nil, nil)
        events.end()
    }

    /// Closes the visitor's chat and clears their history on the service (`VisitorErasure`), waiting a while for it
    /// to confirm: the tab's sealed credential still names the visitor, and any server of the deployment that
    /// continues it asks the service, not this one, for the conversation. A visitor who never chatted has none.
    private func clearAtService() async {
        guard hasDataWorthKeeping, let erasure = session as? any VisitorErasure else { return }
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
        hasDataWorthKeeping = true
        return stream
    }

    /// The stream for what a page does by itself (typing, marking read), which leaves nothing worth keeping; or 409.
    func currentStream() throws -> any MessageStream {
        guard let stream else { throw APIError.sessionEnded }
        return stream
    }

    /// Older messages before `beforeID` (the newest page when nil), oldest first, read from the projection
    /// and then from the tracker, so that nothing the tab already got is fetched again.
    func history(before beforeID: String?, limit: Int) async throws -> (messages: [WidgetMessage], hasMore: Bool) {
        guard let (available, countBefore) = events.messages(before: beforeID, limit: limit) else {
            throw APIError.unknownMessage(field: "before")
        }
        // With fewer than `limit` before it, `available` is all of them, and the tracker reads the rest.
        guard countBefore < limit, events.hasMoreHistory else {
            return (available, countBefore > limit || events.hasMoreHistory)
        }
        guard let tracker = sendableTracker else { throw APIError.sessionEnded }
        guard !isReadingHistory else { throw APIError.historyBusy }
        isReadingHistory = true
        defer { isReadingHistory = false }
        var older: [ShownMessage] = []
        var hasMore = true
        while available.count + older.count < limit {
            let wanted = limit - available.count - older.count
            let page = try await tracker.getNextMessages(byLimit: wanted)
            older = page.map { listener.shownMessage($0, clientID: nil) } + older
            if page.count < wanted {
                hasMore = false
                break
            }
        }
        events.prependHistory(older, hasMore: hasMore)
        return (older.map(\.widget) + available, hasMore)
    }

    /// The tracker for its `async` page requests, which the core documents as callable from any task.
    private var sendableTracker: SendableTracker? { tracker.map(SendableTracker.init) }

    /// The whole history as plain text, one line per message.
    func transcript() async throws -> String {
        guard let tracker = sendableTracker else { throw APIError.sessionEnded }
        guard !isReadingHistory else { throw APIError.historyBusy }
        isReadingHistory = true
        defer { isReadingHistory = false }
        let messages = try await tracker.getAllMessages()
        let formatter = ISO8601DateFormatter()
        return messages.map { message in
            let sender =
                message.getSenderName().isEmpty ? message.getType().contractName : message.getSenderName()
            var text = message.getText()
            if let files = (message.getData()?.getAttachment() ?? message.getAttachment())?.getFilesInfo(),
                !files.isEmpty
            {
                text += (text.isEmpty ? "" : " ") + files.map { "[file: \($0.getFileName())]" }.joined(separator: " ")
            }
            return "[\(formatter.string(from: message.getTime()))] \(sender): \(text)"
        }.joined(separator: "\n") + "\n"
    }
}

/// A tracker handed to its own `async` methods, which may run on any task (MessageTracker's documentation):
/// they hop to the session's executor themselves, so no other member is touched off it.
private struct SendableTracker: @unchecked Sendable {
    let tracker: any MessageTracker

    func getNextMessages(byLimit limit: Int) async throws -> [any Message] {
        try await tracker.getNextMessages(byLimit: limit)
    }

    func getAllMessages() async throws -> [any Message] { try await tracker.getAllMessages() }
}
