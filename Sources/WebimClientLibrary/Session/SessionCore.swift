import AsyncHTTPClient
import Foundation
import Logging
import WebimWire

/// The state of one session, confined to the session's executor: what the facades read and the loops change.
///
/// The delta loop (`SessionCore+Delta.swift`) and the action queue (`SessionCore+Actions.swift`) suspend on
/// the network and resume here, so listeners are called on the executor, in order.
actor SessionCore {
    let executor: WebimExecutor
    nonisolated var unownedExecutor: UnownedSerialExecutor { executor.asUnownedSerialExecutor() }

    let configuration: SessionConfiguration
    let history: HistoryDatabase
    let wire: WireClient
    let logger = Logger(label: "webim.session")

    // Handlers and listeners.
    let fatalErrorHandler: (any FatalErrorHandler)?
    let notFatalErrorHandler: (any NotFatalErrorHandler)?
    var messageListener: (any MessageListener)?
    /// Changes reach the message listener only once its tracker has asked for messages.
    var trackerHasRequestedMessages = false
    /// Bumped by each new tracker, so that an older tracker knows it was replaced.
    var trackerGeneration = 0
    var chatStateListener: (any ChatStateListener)?
    var operatorListener: (any CurrentOperatorChangeListener)?
    var operatorTypingListener: (any OperatorTypingListener)?

    // Lifecycle.
    var isDestroyed = false
    var isPaused = true
    private var loops: [Task<Void, Never>] = []
    private var wakeups: [CheckedContinuation<Void, Never>] = []

    // Protocol state (PROTOCOL.md §2.4).
    var deviceID = ""
    var visitorJSON: String?
    var visitSessionID: String?
    var pageID: String?
    var authToken: String?
    /// The last revision applied; 0 means init is due.
    var revision = 0

    // Chat state.
    var chatState: ChatState = .closed
    var currentOperator: OperatorImpl?
    var isOperatorTyping = false

    /// Sent messages oldest first, then the visitor's unconfirmed ones in sending order.
    var messages: [MessageImpl] = []
    /// Unconfirmed messages, as persisted.
    var outbox: [OutboxRecord] = []

    init(
        executor: WebimExecutor,
        configuration: SessionConfiguration,
        history: HistoryDatabase,
        fatalErrorHandler: (any FatalErrorHandler)?,
        notFatalErrorHandler: (any NotFatalErrorHandler)?
    ) {
        self.executor = executor
        self.configuration = configuration
        self.history = history
        self.wire = WireClient(baseURL: configuration.baseURL, client: .shared)
        self.fatalErrorHandler = fatalErrorHandler
        self.notFatalErrorHandler = notFatalErrorHandler
    }

    /// Runs `body` if the caller is on the executor and the session is alive, as every public call must.
    nonisolated func withAccess<Result: Sendable>(
        _ body: @Sendable (isolated SessionCore) throws -> Result
    ) throws -> Result {
        guard executor.isCurrent else { throw AccessError.invalidThread }
        return try assumeIsolated { core in
            guard !core.isDestroyed else { throw AccessError.invalidSession }
            return try body(core)
        }
    }

    /// Loads the stored visitor, the last messages and the outbox, so a restarted process resumes where it was.
    func restoreFromHistory() {
        do {
            if let stored = try history.value(forKey: .deviceID) {
                deviceID = stored
            } else {
                deviceID = UUID().uuidString
                try history.set(deviceID, forKey: .deviceID)
            }
            visitorJSON = try history.value(forKey: .visitor)
            visitSessionID = try history.value(forKey: .visitSessionID)
            messages = try history.lastMessages(limit: 100).map(MessageImpl.init(stored:))
            outbox = try history.outbox()
            for entry in outbox where !messages.contains(where: { $0.id == entry.clientSideId }) {
                messages.append(.sending(id: entry.clientSideId, text: entry.text, timeMicros: entry.tsMicros))
            }
        } catch {
            logger.error("could not read local history", metadata: ["error": "\(error)"])
        }
    }

    // MARK: Lifecycle

    func resume() {
        isPaused = false
        if loops.isEmpty {
            loops.append(Task { await self.runDeltaLoop() })
            loops.append(Task { await self.runActionLoop() })
        }
        wakeAll()
    }

    func pause() { isPaused = true }

    /// Stops the loops; with `clearingVisitorData`, deletes everything stored about the visitor.
    func destroy(clearingVisitorData: Bool) {
        isDestroyed = true
        for loop in loops { loop.cancel() }
        loops = []
        wakeAll()
        messageListener = nil
        chatStateListener = nil
        operatorListener = nil
        operatorTypingListener = nil
        if clearingVisitorData {
            try? history.close()
            try? FileManager.default.removeItem(at: configuration.storageDirectory)
        }
    }

    /// Suspends until `condition` holds or the session is destroyed; state changes call `wakeAll()`.
    func waitUntil(_ condition: () -> Bool) async {
        while !isDestroyed, !Task.isCancelled, !condition() {
            await withCheckedContinuation { wakeups.append($0) }
        }
    }

    /// Lets every `waitUntil` re-check its condition.
    func wakeAll() {
        let waiting = wakeups
        wakeups = []
        for continuation in waiting { continuation.resume() }
    }

    // MARK: Errors

    /// Reports a fatal error and ends the session (PROTOCOL.md §2.6).
    func fail(with code: String) {
        let type: FatalErrorType =
            switch code {
            case WireError.accountBlocked: .accountBlocked
            case WireError.visitorBanned: .visitorBanned
            case WireError.wrongProvidedVisitorHash: .wrongProvidedVisitorHash
            case WireError.providedVisitorExpired: .providedVisitorFieldsExpired
            case WireError.wrongInit: .initializationFailed
            default: .unknown
            }
        logger.error("fatal protocol error", metadata: ["error": "\(code)"])
        let handler = fatalErrorHandler
        destroy(clearingVisitorData: false)
        handler?.on(error: WebimErrorImpl(type: type, string: code))
    }

    /// Reports a transient network problem.
    func report(_ type: NotFatalErrorType, _ description: String) {
        notFatalErrorHandler?.on(error: WebimNotFatalErrorImpl(type: type, string: description))
    }

    /// Whether a protocol error string is one of the fatal ones that also end actions (PROTOCOL.md §2.6).
    static func isFatalForActions(_ code: String) -> Bool {
        [
            WireError.accountBlocked, WireError.visitorBanned, WireError.wrongProvidedVisitorHash,
            WireError.providedVisitorExpired,
        ].contains(code)
    }
}
