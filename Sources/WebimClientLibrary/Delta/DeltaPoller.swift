import WebimWire

/// The delta loop's decisions (PROTOCOL.md §1.5, §2.4–§2.6): whether to init or long-poll, what an answer or a
/// fault means for the loop, and how long to wait. The session feeds it what happened and performs its actions;
/// the machine does no I/O, so its tests drive every edge without a socket or a clock.
struct DeltaPoller: Sendable, Equatable {
    /// The request to make next.
    enum Request: Sendable, Equatable {
        case initialization
        case delta(since: Int)
    }

    /// What the session made of a parsed answer.
    enum Answer: Sendable, Equatable {
        /// Applied; the answer's revision, when it carried one.
        case applied(revision: Int?)
        /// An init answer without a full update: the page did not start.
        case noFullUpdate
        /// `error` was set: a protocol error string.
        case error(String)
    }

    /// A request that got no parsed answer.
    enum Fault: Sendable, Equatable {
        /// The connection was refused or lost.
        case noConnection(String)
        /// A status the protocol does not parse (a 502, say).
        case unavailable(status: UInt)
        /// A body that does not parse.
        case unreadable(String)
    }

    /// What the session performs, in order.
    enum Action: Sendable, Equatable {
        case setConnected(Bool)
        case report(NotFatalErrorType, String)
        /// Forget the page and its token: the next request is init (`reinit-required`).
        case dropAuthorization
        /// Ask the app to register its provided token again (PROTOCOL.md §2.6, every fifth refusal).
        case askForProvidedToken
        /// A fatal protocol error: end the session.
        case fail(String)
        /// Wait this long before the next request.
        case backOff(Duration)
    }

    /// How long to wait after an answer that could not be used.
    static let unusableAnswerWait = Duration.seconds(1)
    /// The provided token is asked for again after this many refusals in a row.
    static let providedTokenAskEvery = 5

    /// The last revision applied; 0 means init is due.
    private(set) var revision = 0
    private var backoff = RetryBackoff()
    private var providedTokenRefusals = 0

    /// The request to make while the session runs. `isAuthorized`: it holds a page id and an auth token.
    func nextRequest(isAuthorized: Bool) -> Request {
        isAuthorized && revision > 0 ? .delta(since: revision) : .initialization
    }

    /// The page was dropped (a location change, `reinit-required` seen by another loop): init comes next.
    mutating func needsInitialization() { revision = 0 }

    /// An answer was parsed: the service is reachable again. Comes before the session applies the answer.
    mutating func answerArrived() -> [Action] {
        backoff.succeeded()
        return [.setConnected(true)]
    }

    /// An answer to `request` was parsed, and the session applied what it carried.
    mutating func answered(_ answer: Answer, to request: Request) -> [Action] {
        var actions: [Action] = []
        switch answer {
        case .applied(let newRevision):
            if let newRevision { revision = newRevision }
        case .noFullUpdate:
            actions.append(.backOff(Self.unusableAnswerWait))
        case .error(WireError.reinitRequired):
            revision = 0
            actions.append(.dropAuthorization)
        case .error(WireError.providedAuthTokenNotFound) where request == .initialization:
            revision = 0
            providedTokenRefusals += 1
            actions.append(.dropAuthorization)
            if providedTokenRefusals % Self.providedTokenAskEvery == 0 { actions.append(.askForProvidedToken) }
            actions.append(.backOff(Self.unusableAnswerWait))
        case .error(let code):
            actions.append(.fail(code))
        }
        return actions
    }

    /// A request got no parsed answer.
    mutating func failed(_ fault: Fault) -> [Action] {
        switch fault {
        case .noConnection(let description):
            let wait = backoff.connectionFailed()
            return [.setConnected(false), .report(.noNetworkConnection, description), .backOff(wait)]
        case .unavailable(let status):
            let retry = backoff.unavailable()
            let report: [Action] = retry.worthReporting ? [.report(.serverIsNotAvailable, "HTTP \(status)")] : []
            return report + [.backOff(retry.wait)]
        case .unreadable:
            return [.backOff(Self.unusableAnswerWait)]
        }
    }
}

extension DeltaPoller.Fault {
    /// The fault a request's error stands for.
    init(_ error: any Error) {
        switch error {
        case WireClient.TransportError.noConnection(let description): self = .noConnection(description)
        case WireClient.TransportError.unavailable(let status): self = .unavailable(status: status)
        default: self = .unreadable("\(error)")
        }
    }
}
