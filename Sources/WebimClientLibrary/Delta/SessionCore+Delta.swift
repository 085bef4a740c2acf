import Foundation
import WebimWire

extension SessionCore {
    /// Init, then long-poll deltas until destroyed; the poller decides, this performs. A location change abandons
    /// the held long-poll: each run races the next restart and the loser is cancelled.
    func runDeltaLoop() async {
        while !isDestroyed, !Task.isCancelled {
            let restarts = deltaRestarts
            await withTaskGroup(of: Void.self) { group in
                group.addTask { await self.pollDeltas() }
                group.addTask { await self.waitForRestart(after: restarts) }
                await group.next()
                group.cancelAll()
            }
        }
    }

    private func waitForRestart(after restarts: Int) async { await waitUntil { deltaRestarts != restarts } }

    private func pollDeltas() async {
        while !isDestroyed, !Task.isCancelled {
            await waitUntil { lifecycle.isRunning }
            guard lifecycle.isRunning, !Task.isCancelled else { return }
            let request = poller.nextRequest(isAuthorized: identity.isAuthorized)
            let actions: [DeltaPoller.Action]
            do {
                let answer = try await ask(request)
                guard !isDestroyed, !Task.isCancelled else { return }
                for action in poller.answerArrived() { await perform(action) }
                actions = poller.answered(apply(answer, to: request), to: request)
            } catch {
                guard !isDestroyed, !Task.isCancelled else { return }
                let fault = DeltaPoller.Fault(error)
                actions = poller.failed(fault)
                if case .unreadable(let description) = fault {
                    log(.warning, .networkRequest, "delta answer unreadable: \(description)")
                }
            }
            for action in actions { await perform(action) }
        }
    }

    private func ask(_ request: DeltaPoller.Request) async throws -> DeltaResponse {
        switch request {
        case .initialization:
            await fetchStartupConfig()
            return try await wire.get(
                WireEndpoint.initialization,
                query: DeltaQuery.initialization(identity: identity, settings: settings),
                timeout: settings.requestTimeout,
                as: DeltaResponse.self
            )
        case .delta(let since):
            return try await wire.get(
                WireEndpoint.delta,
                query: DeltaQuery.poll(identity: identity, since: since),
                timeout: .seconds(60),
                as: DeltaResponse.self
            )
        }
    }

    /// Applies what an init or delta answer carries, and tells the poller what it was.
    private func apply(_ answer: DeltaResponse, to request: DeltaPoller.Request) -> DeltaPoller.Answer {
        if let error = answer.error { return .error(error) }
        if let fullUpdate = answer.fullUpdate {
            apply(fullUpdate)
        } else if request == .initialization {
            return .noFullUpdate
        }
        for item in answer.deltaList ?? [] { apply(item) }
        return .applied(revision: answer.revision)
    }

    private func perform(_ action: DeltaPoller.Action) async {
        switch action {
        case .setConnected(let connected):
            setConnected(connected)
        case .report(let type, let description):
            report(type, description)
        case .dropAuthorization:
            dropAuthorization()
        case .askForProvidedToken:
            if let token = settings.providedAuthorizationToken {
                settings.providedAuthorizationTokenStateListener?.update(providedAuthorizationToken: token)
            }
        case .fail(let code):
            fail(with: code)
        case .backOff(let duration):
            settings.retryMetrics.delta.backingOff(for: duration)
            await clock.sleep(for: duration)
        }
    }

    /// Forgets the page so that the next iteration inits again (PROTOCOL.md §2.6 `reinit-required`).
    func dropAuthorization() {
        identity.forgetPage()
        poller.needsInitialization()
        credentials.update(baseURL: settings.baseURL, pageID: nil, authToken: nil)
    }

    /// Moves to another location (PROTOCOL.md §2.8): drop the page and init again at once.
    func change(location newLocation: String) {
        identity.location = newLocation
        dropAuthorization()
        restartDeltaLoop()
    }

    /// PROTOCOL.md §2.1: the config read before init feeds the edit and quote flags and the routing rules.
    private func fetchStartupConfig() async {
        guard
            let config = try? await wire.get(
                "\(WireEndpoint.configs)/\(identity.location)",
                query: [(WireParameter.jsonp, "false")],
                timeout: settings.requestTimeout,
                as: LocationConfigResponse.self
            ), config.error == nil
        else { return }
        state.visitorMessageEditing = config.isVisitorMessageEditingAllowed
        state.webAndMobileQuoting = config.isQuotingAllowed
        if let fields = settings.visitorFieldsJSON.flatMap(ProvidedFields.init(json:)) {
            for rule in config.routingRules ?? [] where fields.values[rule.visitorField] == rule.visitorFieldValue {
                identity.location = rule.locationKey
            }
        }
    }
}

extension ChatState {
    /// PROTOCOL.md §8.1; `closed_by_visitor` maps to `.closedByVisitor` here (iOS reports `.unknown`).
    init(wireValue: String?) {
        switch wireValue {
        case ChatStateValue.queue: self = .queue
        case ChatStateValue.chatting: self = .chatting
        case ChatStateValue.chattingWithRobot: self = .chattingWithRobot
        case ChatStateValue.closed: self = .closed
        case ChatStateValue.closedByOperator: self = .closedByOperator
        case ChatStateValue.closedByVisitor: self = .closedByVisitor
        case ChatStateValue.invitation: self = .invitation
        case nil: self = .closed
        default: self = .unknown
        }
    }

    /// Whether a message sent now needs `chat.start` first (PROTOCOL.md §8.1).
    var isClosed: Bool { [.closed, .closedByOperator, .closedByVisitor, .unknown].contains(self) }
}
