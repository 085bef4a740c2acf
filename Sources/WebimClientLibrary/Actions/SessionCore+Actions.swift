import Foundation
import Logging
import NIOCore
import WebimWire

extension SessionCore {
    /// Queues a visitor message: shown as `sending` at once, persisted, and delivered by the action loop.
    func send(text: String) -> String {
        let id = ClientSideID.make()
        let entry = OutboxRecord(position: nil, clientSideId: id, text: text, tsMicros: Self.nowMicros())
        do {
            try history.enqueue(outbox: entry)
        } catch {
            logger.error("could not persist an outgoing message", metadata: ["error": "\(error)"])
        }
        outbox.append(entry)
        let message = MessageImpl.sending(id: id, text: text, timeMicros: entry.tsMicros)
        messages.append(message)
        if trackerHasRequestedMessages { messageListener?.added(message: message, after: nil) }
        wakeAll()
        return id
    }

    /// Delivers the outbox in order, one message at a time, retrying until the service answers.
    ///
    /// The service deduplicates by client-side id, so a message re-sent after a lost answer or a restart
    /// is stored once.
    func runActionLoop() async {
        var failures = 0
        while !isDestroyed, !Task.isCancelled {
            await waitUntil { !isPaused && pageID != nil && !outbox.isEmpty }
            guard !isDestroyed, let entry = outbox.first else { return }
            do {
                if chatState.isClosed {
                    let started = try await post(.chatStart, [(WireParameter.clientSideID, ClientSideID.make())])
                    guard handle(started) else { continue }
                }
                let answer = try await post(
                    .chatMessage,
                    [(WireParameter.clientSideID, entry.clientSideId), (WireParameter.message, entry.text)]
                )
                failures = 0
                if handle(answer) {
                    forgetOutboxEntry(clientSideID: entry.clientSideId)
                } else if let error = answer.error, error != WireError.reinitRequired {
                    reject(entry: entry, error: error)
                }
            } catch {
                failures += 1
                report(.noNetworkConnection, "\(error)")
                try? await Task.sleep(for: .milliseconds(min(failures * 500, 5_000)))
            }
        }
    }

    /// Starts a chat now (`MessageStream.startChat()`), through the same ordered queue of requests.
    func requestChatStart() {
        Task {
            guard chatState.isClosed else { return }
            _ = try? await post(.chatStart, [(WireParameter.clientSideID, ClientSideID.make())])
        }
    }

    /// Closes the chat (`MessageStream.closeChat()`).
    func requestChatClose() {
        Task { _ = try? await post(.chatClose, []) }
    }

    /// Sends the visitor's draft to the operator.
    func sendTyping(draft: String?) {
        var fields: [(String, String)] = [
            (WireParameter.typing, draft == nil ? "0" : "1"),
            (WireParameter.deleteDraft, draft == nil ? "1" : "0"),
        ]
        if let draft { fields.append((WireParameter.messageDraft, draft)) }
        Task { _ = try? await post(.chatVisitorTyping, fields) }
    }

    /// Removes a message the service has confirmed from the outbox.
    func forgetOutboxEntry(clientSideID: String) {
        outbox.removeAll { $0.clientSideId == clientSideID }
        do {
            try history.removeFromOutbox(clientSideID: clientSideID)
        } catch {
            logger.error("could not update the outbox", metadata: ["error": "\(error)"])
        }
    }

    /// True when the action succeeded; handles `reinit-required` and fatal answers on the way.
    private func handle(_ answer: ActionResponse) -> Bool {
        guard let error = answer.error else { return true }
        if error == WireError.reinitRequired {
            dropAuthorization()
            wakeAll()
        } else if Self.isFatalForActions(error) {
            fail(with: error)
        }
        return false
    }

    /// The service refused a message for good (an empty text, say): it leaves the outbox and the list.
    private func reject(entry: OutboxRecord, error: String) {
        logger.warning("message refused by the service", metadata: ["error": "\(error)"])
        forgetOutboxEntry(clientSideID: entry.clientSideId)
        if let index = messages.firstIndex(where: { $0.id == entry.clientSideId }) {
            let message = messages.remove(at: index)
            if trackerHasRequestedMessages { messageListener?.removed(message: message) }
        }
    }

    private func post(_ action: WireAction, _ fields: [(String, String)]) async throws -> ActionResponse {
        let all =
            [(WireParameter.action, action.rawValue)] + fields + [
                (WireParameter.pageID, pageID ?? ""), (WireParameter.authToken, authToken ?? ""),
            ]
        return try await wire.postForm(WireEndpoint.action, fields: all, timeout: .seconds(30), as: ActionResponse.self)
    }

    static func nowMicros() -> Int64 { Int64((Date().timeIntervalSince1970 * 1_000_000).rounded()) }
}

/// Client-side ids: 32 random lowercase hex characters (PROTOCOL.md §5.1).
enum ClientSideID {
    static func make() -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<2).map { _ in
            let digits = String(generator.next() as UInt64, radix: 16)
            return String(repeating: "0", count: 16 - digits.count) + digits
        }.joined()
    }
}
