import WebimWire

/// The action queue's decisions (PROTOCOL.md §1.5): requests go one at a time, in order; messages are retried until
/// the service answers (it deduplicates them by client-side id), other actions end after five failures in a row; a
/// newer typing report replaces a waiting one. The session feeds it what happened and performs its actions.
struct ActionQueue: Sendable {
    /// What the loop does next.
    enum Next: Sendable {
        /// Nothing to send, or the session cannot send yet: suspend until that changes.
        case waitForWork
        /// Send the first action, after a `chat.start` when `startingChat`.
        case perform(QueuedAction, startingChat: Bool)
    }

    /// A request that got no parsed answer.
    enum Fault: Sendable, Equatable {
        /// The connection was refused or lost.
        case noConnection(String)
        /// A status the protocol does not parse (a 502, say) or a body that does not parse.
        case unavailable(String)
    }

    /// What the session performs, in order.
    enum Action: Sendable {
        /// The action left the queue with this outcome: call its handler.
        case finish(QueuedAction, ActionOutcome)
        case report(NotFatalErrorType, String)
        /// `reinit-required`: forget the page; the action is sent again once init gave a fresh one.
        case dropAuthorization
        /// A fatal protocol error: end the session.
        case fail(String)
        /// Wait this long before the next request.
        case backOff(Duration)
    }

    /// The protocol errors that end the session when an action gets them (PROTOCOL.md §2.6).
    static let fatalErrors: Set<String> = [
        WireError.accountBlocked, WireError.visitorBanned, WireError.wrongProvidedVisitorHash,
        WireError.providedVisitorExpired,
    ]

    /// Requests waiting, in order; the first may be on the wire.
    private(set) var waiting: [QueuedAction] = []
    private var backoff = RetryBackoff()

    /// Adds a request at the end; a typing report drops the typing reports waiting behind the first entry.
    mutating func enqueue(_ action: QueuedAction) {
        if action.isTyping {
            let stale = Set(waiting.dropFirst().filter(\.isTyping).map(\.id))
            waiting.removeAll { stale.contains($0.id) }
        }
        waiting.append(action)
    }

    /// The request to make now. `canSend`: the session runs and holds a page; `chatIsClosed`: a message sent now
    /// needs `chat.start` first (PROTOCOL.md §5.1).
    func next(canSend: Bool, chatIsClosed: Bool) -> Next {
        guard canSend, let first = waiting.first else { return .waitForWork }
        return .perform(first, startingChat: first.startsChat && chatIsClosed)
    }

    /// The `chat.start` sent before `action` was answered; nil means go on and send the action itself.
    mutating func chatStartAnswered(error: String?) -> [Action]? {
        guard let error, let actions = sessionActions(for: error) else { return nil }
        return actions
    }

    /// `action` was answered: `error` at the top level or in `data` (PROTOCOL.md §1.5).
    mutating func answered(_ action: QueuedAction, error: String?, data: JSONValue?) -> [Action] {
        backoff.succeeded()
        if let error, let actions = sessionActions(for: error) { return actions }
        if let refusal = error ?? data?["error"]?.stringValue { return finish(action, .failure(refusal)) }
        return finish(action, .success(data: data))
    }

    /// `action` got no parsed answer.
    mutating func failed(_ action: QueuedAction, _ fault: Fault) -> [Action] {
        switch fault {
        case .noConnection(let description):
            return [.report(.noNetworkConnection, description), .backOff(backoff.connectionFailed())]
        case .unavailable(let description):
            let retry = backoff.unavailable()
            guard retry.worthReporting else { return [.backOff(retry.wait)] }
            let report = Action.report(.serverIsNotAvailable, description)
            guard action.retriesForever else {
                backoff.gaveUp()
                return [report] + finish(action, .failure(WireError.unknown))
            }
            return [report, .backOff(retry.wait)]
        }
    }

    /// Takes the message `outboxID` out of the queue (`cancelResend`): it is sent no more. One already on the wire
    /// may still reach the service, as in the SDK; its answer then finds nothing to finish.
    mutating func remove(outboxID: String) -> QueuedAction? {
        guard let index = waiting.firstIndex(where: { $0.outboxID == outboxID }) else { return nil }
        return waiting.remove(at: index)
    }

    /// Adds `handler` to what the message `outboxID` calls when it ends (`resend`); false when it is not queued.
    mutating func alsoOnFinish(
        outboxID: String,
        _ handler: @escaping @Sendable (isolated SessionCore, ActionOutcome) -> Void
    ) -> Bool {
        guard let index = waiting.firstIndex(where: { $0.outboxID == outboxID }) else { return false }
        let first = waiting[index].onFinish
        waiting[index].onFinish = { core, outcome in
            first(core, outcome)
            handler(core, outcome)
        }
        return true
    }

    /// Empties the queue (the session ended): each waiting request is canceled.
    mutating func cancelAll() -> [Action] {
        defer { waiting = [] }
        return waiting.map { .finish($0, .canceled) }
    }

    /// The errors that concern the whole session rather than the action.
    private func sessionActions(for error: String) -> [Action]? {
        if error == WireError.reinitRequired { return [.dropAuthorization] }
        if Self.fatalErrors.contains(error) { return [.fail(error)] }
        return nil
    }

    private mutating func finish(_ action: QueuedAction, _ outcome: ActionOutcome) -> [Action] {
        guard let index = waiting.firstIndex(where: { $0.id == action.id }) else { return [] }
        waiting.remove(at: index)
        return [.finish(action, outcome)]
    }
}

extension ActionQueue.Fault {
    /// The fault a request's error stands for.
    init(_ error: any Error) {
        if case WireClient.TransportError.noConnection(let description) = error {
            self = .noConnection(description)
        } else {
            self = .unavailable("\(error)")
        }
    }
}
