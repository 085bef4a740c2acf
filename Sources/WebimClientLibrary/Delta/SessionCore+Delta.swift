import Foundation
import WebimWire

extension SessionCore {
    /// Init, then long-poll deltas until destroyed; network faults are retried with PROTOCOL.md §1.5's backoff.
    func runDeltaLoop() async {
        var backoff = RetryBackoff()
        while !isDestroyed, !Task.isCancelled {
            await waitUntil { !isPaused }
            guard !isDestroyed, !Task.isCancelled else { return }
            do {
                let needsInit = pageID == nil || authToken == nil || revision == 0
                if needsInit { await fetchStartupConfig() }
                let answer =
                    needsInit
                    ? try await wire.get(
                        WireEndpoint.initialization,
                        query: initQuery(),
                        timeout: settings.requestTimeout,
                        as: DeltaResponse.self
                    )
                    : try await wire.get(
                        WireEndpoint.delta,
                        query: deltaQuery(),
                        timeout: .seconds(60),
                        as: DeltaResponse.self
                    )
                guard !isDestroyed, !Task.isCancelled else { return }
                backoff.succeeded()
                setConnected(true)
                if await apply(answer, wasInit: needsInit) == false {
                    try await Task.sleep(for: .seconds(1))
                }
            } catch WireClient.TransportError.unavailable(let status) {
                let retry = backoff.unavailable()
                if retry.worthReporting { report(.serverIsNotAvailable, "HTTP \(status)") }
                try? await Task.sleep(for: retry.wait)
            } catch WireClient.TransportError.noConnection(let description) {
                guard !Task.isCancelled else { return }
                let wait = backoff.connectionFailed()
                setConnected(false)
                report(.noNetworkConnection, description)
                try? await Task.sleep(for: wait)
            } catch {
                log(.warning, .networkRequest, "delta answer unreadable: \(error)")
                try? await Task.sleep(for: .seconds(1))
            }
        }
    }

    /// Applies an init or delta answer; false means the answer was unusable and should be retried later.
    private func apply(_ answer: DeltaResponse, wasInit: Bool) async -> Bool {
        if let error = answer.error {
            switch error {
            case WireError.reinitRequired:
                dropAuthorization()
                return true
            case WireError.providedAuthTokenNotFound where wasInit:
                // PROTOCOL.md §2.6: ask the app to register the token again every fifth time.
                dropAuthorization()
                providedTokenFailures += 1
                if providedTokenFailures % 5 == 0, let token = settings.providedAuthorizationToken {
                    settings.providedAuthorizationTokenStateListener?.update(providedAuthorizationToken: token)
                }
                return false
            default:
                fail(with: error)
                return true
            }
        }
        if let fullUpdate = answer.fullUpdate {
            apply(fullUpdate)
        } else if wasInit {
            return false
        }
        for item in answer.deltaList ?? [] { apply(item) }
        if let newRevision = answer.revision { revision = newRevision }
        return true
    }

    /// Forgets the page so that the next iteration inits again (PROTOCOL.md §2.6 `reinit-required`).
    func dropAuthorization() {
        pageID = nil
        authToken = nil
        revision = 0
        credentials.update(baseURL: settings.baseURL, pageID: nil, authToken: nil)
    }

    /// Moves to another location (PROTOCOL.md §2.8): drop the page and init again at once.
    func change(location newLocation: String) {
        location = newLocation
        dropAuthorization()
        if deltaLoop != nil { restartDeltaLoop() }
    }

    private func initQuery() -> [(String, String)] {
        var query: [(String, String)] = [
            (WireParameter.event, "init"),
            (WireParameter.since, "0"),
            (WireParameter.respondImmediately, "1"),
            (WireParameter.platform, "ios"),
            (WireParameter.location, location),
            (WireParameter.title, settings.pageTitle),
            (WireParameter.deviceID, initDeviceID),
        ]
        if let appVersion = settings.appVersion { query.append((WireParameter.appVersion, appVersion)) }
        if let token = settings.deviceToken, let service = settings.pushService {
            query.append((WireParameter.pushToken, token))
            query.append((WireParameter.pushService, service))
        }
        if let visitSessionID { query.append((WireParameter.visitSessionID, visitSessionID)) }
        if let visitorJSON { query.append((WireParameter.visitor, visitorJSON)) }
        if let fields = settings.visitorFieldsJSON { query.append((WireParameter.visitorExt, fields)) }
        if let token = settings.providedAuthorizationToken { query.append((WireParameter.providedAuthToken, token)) }
        if let prechat = settings.prechat {
            query.append((WireParameter.prechatFields, PrechatFields.normalize(prechat)))
        }
        return query
    }

    private func deltaQuery() -> [(String, String)] {
        [
            (WireParameter.since, String(revision)),
            // PROTOCOL.md §2.5: a cache-buster in ms since 2001-01-01, as iOS sends it.
            (WireParameter.timestamp, String(Int64(Date().timeIntervalSinceReferenceDate * 1000))),
        ] + credentialsQuery()
    }

    /// PROTOCOL.md §2.1: the config read before init feeds the edit and quote flags and the routing rules.
    private func fetchStartupConfig() async {
        guard
            let config = try? await wire.get(
                "\(WireEndpoint.configs)/\(location)",
                query: [(WireParameter.jsonp, "false")],
                timeout: settings.requestTimeout,
                as: LocationConfigResponse.self
            ), config.error == nil
        else { return }
        state.visitorMessageEditing = config.isVisitorMessageEditingAllowed
        state.webAndMobileQuoting = config.isQuotingAllowed
        if let fields = settings.visitorFieldsJSON.flatMap(ProvidedFields.init(json:)) {
            for rule in config.routingRules ?? [] where fields.values[rule.visitorField] == rule.visitorFieldValue {
                location = rule.locationKey
            }
        }
    }
}

extension ChatState {
    /// PROTOCOL.md §8.1; `closed_by_visitor` maps to `.closedByVisitor` here (iOS reports `.unknown`).
    init(wireValue: String?) {
        switch wireValue {
        case "queue": self = .queue
        case "chatting": self = .chatting
        case "chatting_with_robot": self = .chattingWithRobot
        case "closed": self = .closed
        case "closed_by_operator": self = .closedByOperator
        case "closed_by_visitor": self = .closedByVisitor
        case "invitation": self = .invitation
        case nil: self = .closed
        default: self = .unknown
        }
    }

    /// Whether a message sent now needs `chat.start` first (PROTOCOL.md §8.1).
    var isClosed: Bool { [.closed, .closedByOperator, .closedByVisitor, .unknown].contains(self) }
}
