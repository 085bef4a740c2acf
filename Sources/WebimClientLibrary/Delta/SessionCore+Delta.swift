import Foundation
import Logging
import NIOCore
import WebimWire

extension SessionCore {
    /// Init, then long-poll deltas until destroyed; network faults are retried with PROTOCOL.md §1.5's backoff.
    func runDeltaLoop() async {
        var connectionFailures = 0
        var unavailableFailures = 0
        while !isDestroyed, !Task.isCancelled {
            await waitUntil { !isPaused }
            guard !isDestroyed else { return }
            do {
                let needsInit = pageID == nil || authToken == nil || revision == 0
                let answer =
                    needsInit
                    ? try await wire.get(
                        WireEndpoint.initialization,
                        query: initQuery(),
                        timeout: .seconds(30),
                        as: DeltaResponse.self
                    )
                    : try await wire.get(
                        WireEndpoint.delta,
                        query: deltaQuery(),
                        timeout: .seconds(60),
                        as: DeltaResponse.self
                    )
                guard !isDestroyed else { return }
                connectionFailures = 0
                unavailableFailures = 0
                if try await apply(answer, wasInit: needsInit) == false {
                    try await Task.sleep(for: .seconds(1))
                }
            } catch WireClient.TransportError.unavailable(let status) {
                unavailableFailures += 1
                if unavailableFailures >= 5 { report(.serverIsNotAvailable, "HTTP \(status)") }
                try? await Task.sleep(for: .seconds(min(unavailableFailures, 10)))
            } catch WireClient.TransportError.noConnection(let description) {
                connectionFailures = min(connectionFailures + 1, 24)
                report(.noNetworkConnection, description)
                // iOS waits floor(k/5) s; the extra 100 ms keeps a refused connection from spinning a core.
                try? await Task.sleep(for: .seconds(connectionFailures / 5) + .milliseconds(100))
            } catch {
                logger.warning("delta answer unreadable", metadata: ["error": "\(error)"])
                try? await Task.sleep(for: .seconds(1))
            }
        }
    }

    /// Applies an init or delta answer; false means the answer was unusable and should be retried later.
    private func apply(_ answer: DeltaResponse, wasInit: Bool) async throws -> Bool {
        if let error = answer.error {
            if error == WireError.reinitRequired {
                dropAuthorization()
                return true
            }
            fail(with: error)
            return true
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
    }

    private func apply(_ fullUpdate: FullUpdate) {
        pageID = fullUpdate.pageId
        authToken = fullUpdate.authToken
        visitSessionID = fullUpdate.visitSessionId
        visitorJSON = (try? WireCoding.makeEncoder().encode(fullUpdate.visitor)).map {
            String(decoding: $0, as: UTF8.self)
        }
        do {
            try history.set(visitorJSON, forKey: .visitor)
            try history.set(visitSessionID, forKey: .visitSessionID)
            try history.set(pageID, forKey: .pageID)
            try history.set(authToken, forKey: .authToken)
        } catch {
            logger.error("could not store the visitor", metadata: ["error": "\(error)"])
        }
        apply(chat: fullUpdate.chat)
        wakeAll()
    }

    private func apply(_ item: DeltaItem) {
        guard let event = item.knownEvent, let type = item.knownObjectType else { return }
        switch (type, event) {
        case (.chat, .update):
            apply(chat: item.data.flatMap { try? WireCoding.decode(ChatItem.self, from: $0) })
        case (.chat, _):
            apply(chat: nil)
        case (.chatMessage, .add), (.chatMessage, .update):
            if let data = item.data, let message = try? WireCoding.decode(MessageItem.self, from: data) {
                receive(message)
            }
        case (.chatMessage, .delete):
            removeMessage(serverSideID: item.id)
        case (.chatOperator, .update):
            setOperator(item.data.flatMap { try? WireCoding.decode(OperatorItem.self, from: $0) })
        case (.chatOperatorTyping, .update):
            setOperatorTyping(item.data?.boolValue ?? false)
        case (.chatState, .update):
            setChatState(ChatState(wireValue: item.data?.stringValue))
        default:
            break
        }
    }

    private func apply(chat: ChatItem?) {
        guard let chat else {
            setChatState(.closed)
            setOperator(nil)
            setOperatorTyping(false)
            return
        }
        setChatState(ChatState(wireValue: chat.state))
        setOperator(chat.operator)
        setOperatorTyping(chat.operatorTyping ?? false)
        for message in chat.messages ?? [] { receive(message) }
    }

    private func initQuery() -> [(String, String)] {
        var query: [(String, String)] = [
            (WireParameter.event, "init"),
            (WireParameter.since, "0"),
            (WireParameter.respondImmediately, "1"),
            (WireParameter.platform, "ios"),
            (WireParameter.location, configuration.location),
            (WireParameter.title, configuration.pageTitle),
            (WireParameter.deviceID, deviceID),
        ]
        if let visitSessionID { query.append((WireParameter.visitSessionID, visitSessionID)) }
        if let visitorJSON { query.append((WireParameter.visitor, visitorJSON)) }
        return query
    }

    private func deltaQuery() -> [(String, String)] {
        [
            (WireParameter.since, String(revision)),
            // PROTOCOL.md §2.5: a cache-buster in ms since 2001-01-01, as iOS sends it.
            (WireParameter.timestamp, String(Int64(Date().timeIntervalSinceReferenceDate * 1000))),
            (WireParameter.pageID, pageID ?? ""),
            (WireParameter.authToken, authToken ?? ""),
        ]
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
