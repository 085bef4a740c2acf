import Foundation
import WebimWire

/// The delta loop (PROTOCOL.md §3): init, then long-poll deltas until the session ends; its poller decides, the loop
/// performs. A location change abandons the held long-poll: each run races the next restart and the loser is
/// cancelled. Confined to the session's executor.
final class DeltaLoop {
    private var poller = DeltaPoller()
    /// Counts requests to abandon the held long-poll (a location change).
    private var restarts = 0

    func run(in session: isolated SessionCore) async {
        while !session.isDestroyed, !Task.isCancelled {
            let restarts = self.restarts
            await withTaskGroup(of: Void.self) { group in
                group.addTask { await session.within { await $0.delta.poll(in: $0) } }
                group.addTask { await session.within { await $0.delta.waitForRestart(after: restarts, in: $0) } }
                await group.next()
                group.cancelAll()
            }
        }
    }

    /// Abandons a held long-poll and starts the next request at once (after a location change).
    func restart(in session: isolated SessionCore) {
        restarts += 1
        session.wakeAll()
    }

    /// The next request inits again (PROTOCOL.md §2.6 `reinit-required`).
    func needsInitialization() { poller.needsInitialization() }

    private func waitForRestart(after restarts: Int, in session: isolated SessionCore) async {
        await session.waitUntil { self.restarts != restarts }
    }

    private func poll(in session: isolated SessionCore) async {
        while !session.isDestroyed, !Task.isCancelled {
            await session.waitUntil { session.lifecycle.isRunning }
            guard session.lifecycle.isRunning, !Task.isCancelled else { return }
            let request = poller.nextRequest(isAuthorized: session.identity.isAuthorized)
            let actions: [DeltaPoller.Action]
            do {
                let answer = try await ask(request, in: session)
                guard !session.isDestroyed, !Task.isCancelled else { return }
                for action in poller.answerArrived() { await perform(action, in: session) }
                actions = poller.answered(apply(answer, to: request, in: session), to: request)
            } catch {
                guard !session.isDestroyed, !Task.isCancelled else { return }
                let fault = DeltaPoller.Fault(error)
                actions = poller.failed(fault)
                if case .unreadable(let description) = fault {
                    session.log(.warning, .networkRequest, "delta answer unreadable: \(description)")
                }
            }
            for action in actions { await perform(action, in: session) }
        }
    }

    private func ask(_ request: DeltaPoller.Request, in session: isolated SessionCore) async throws -> DeltaResponse {
        switch request {
        case .initialization:
            await fetchStartupConfig(in: session)
            return try await session.wire.get(
                WireEndpoint.initialization,
                query: DeltaQuery.initialization(identity: session.identity, settings: session.settings),
                timeout: session.settings.requestTimeout,
                as: DeltaResponse.self
            )
        case .delta(let since):
            return try await session.wire.get(
                WireEndpoint.delta,
                query: DeltaQuery.poll(identity: session.identity, since: since),
                timeout: .seconds(60),
                as: DeltaResponse.self
            )
        }
    }

    /// Applies what an init or delta answer carries, and tells the poller what it was.
    private func apply(
        _ answer: DeltaResponse,
        to request: DeltaPoller.Request,
        in session: isolated SessionCore
    ) -> DeltaPoller.Answer {
        if let error = answer.error { return .error(error) }
        if let fullUpdate = answer.fullUpdate {
            apply(fullUpdate, in: session)
        } else if request == .initialization {
            return .noFullUpdate
        }
        for item in answer.deltaList ?? [] { apply(item, in: session) }
        return .applied(revision: answer.revision)
    }

    private func perform(_ action: DeltaPoller.Action, in session: isolated SessionCore) async {
        switch action {
        case .setConnected(let connected):
            session.setConnected(connected)
        case .report(let type, let description):
            session.report(type, description)
        case .dropAuthorization:
            session.dropAuthorization()
        case .askForProvidedToken:
            if let token = session.settings.providedAuthorizationToken {
                session.settings.providedAuthorizationTokenStateListener?.update(providedAuthorizationToken: token)
            }
        case .fail(let code):
            session.fail(with: code)
        case .backOff(let duration):
            session.settings.retryMetrics.delta.backingOff(for: duration)
            await session.clock.sleep(for: duration)
        }
    }

    /// PROTOCOL.md §2.1: the config read before init feeds the edit and quote flags and the routing rules.
    private func fetchStartupConfig(in session: isolated SessionCore) async {
        guard
            let config = try? await session.wire.get(
                "\(WireEndpoint.configs)/\(session.identity.location)",
                query: [(WireParameter.jsonp, "false")],
                timeout: session.settings.requestTimeout,
                as: LocationConfigResponse.self
            ), config.error == nil
        else { return }
        session.state.visitorMessageEditing = config.isVisitorMessageEditingAllowed
        session.state.webAndMobileQuoting = config.isQuotingAllowed
        if let fields = session.settings.visitorFieldsJSON.flatMap(ProvidedFields.init(json:)) {
            for rule in config.routingRules ?? [] where fields.values[rule.visitorField] == rule.visitorFieldValue {
                session.identity.location = rule.locationKey
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
