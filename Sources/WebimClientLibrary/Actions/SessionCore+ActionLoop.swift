import Foundation
import WebimWire

extension SessionCore {
    /// Adds a request to the end of the action queue.
    func enqueue(_ action: QueuedAction) {
        if action.isTyping {
            // A newer draft makes a waiting one pointless; the first entry may already be on the wire.
            let waiting = actionQueue.dropFirst().filter(\.isTyping).map(\.id)
            actionQueue.removeAll { waiting.contains($0.id) }
        }
        actionQueue.append(action)
        wakeAll()
    }

    /// Performs the queue in order, one request at a time (PROTOCOL.md §1.5).
    ///
    /// Messages are retried until the service answers, and the service deduplicates them by client-side id, so
    /// one re-sent after a lost answer or a restart is stored once. Other actions end after five failures.
    func runActionLoop() async {
        var backoff = RetryBackoff()
        while !isDestroyed, !Task.isCancelled {
            await waitUntil { !isPaused && pageID != nil && !actionQueue.isEmpty }
            guard !isDestroyed, let action = actionQueue.first else { return }
            do {
                if action.startsChat, state.needsChatStart {
                    let started = try await perform(
                        .action(.chatStart, [(WireParameter.clientSideID, ClientSideID.make())])
                    )
                    guard handleSessionError(started.error) else { continue }
                }
                let answer = try await perform(action.call)
                backoff.succeeded()
                guard handleSessionError(answer.error) else { continue }
                finish(action, answer)
            } catch WireClient.TransportError.noConnection(let description) {
                let wait = backoff.connectionFailed()
                report(.noNetworkConnection, description)
                try? await Task.sleep(for: wait)
            } catch {
                // A status the protocol does not parse (502, say) or an unreadable body.
                let retry = backoff.unavailable()
                if retry.worthReporting {
                    report(.serverIsNotAvailable, "\(error)")
                    if !action.retriesForever {
                        backoff.gaveUp()
                        finish(action, ActionOutcome.failure(WireError.unknown))
                        continue
                    }
                }
                try? await Task.sleep(for: retry.wait)
            }
        }
    }

    /// Handles the answers that concern the whole session; true when the action itself got its answer.
    private func handleSessionError(_ error: String?) -> Bool {
        guard let error else { return true }
        if error == WireError.reinitRequired {
            // PROTOCOL.md §2.6: the action is sent again once init gave a fresh page.
            dropAuthorization()
            wakeAll()
            return false
        }
        if Self.isFatalForActions(error) {
            fail(with: error)
            return false
        }
        return true
    }

    private func finish(_ action: QueuedAction, _ answer: ActionResponse) {
        if let error = answer.error ?? answer.data?["error"]?.stringValue {
            finish(action, ActionOutcome.failure(error))
        } else {
            finish(action, ActionOutcome.success(data: answer.data))
        }
    }

    private func finish(_ action: QueuedAction, _ outcome: ActionOutcome) {
        guard let index = actionQueue.firstIndex(where: { $0.id == action.id }) else { return }
        actionQueue.remove(at: index)
        action.onFinish(self, outcome)
    }

    /// Makes one request with the current page and token.
    private func perform(_ call: QueuedAction.Call) async throws -> ActionResponse {
        let timeout = settings.requestTimeout
        switch call {
        case .action(let action, let fields):
            log(.debug, .networkRequest, "POST \(WireEndpoint.action) action=\(action.rawValue)")
            return try await wire.postForm(
                WireEndpoint.action,
                fields: [(WireParameter.action, action.rawValue)] + fields + credentialsQuery(),
                timeout: timeout,
                as: ActionResponse.self
            )
        case .upload(let upload):
            log(.debug, .networkRequest, "POST \(WireEndpoint.upload) \(upload.fileName)")
            let answer = try await wire.upload(upload, credentials: credentialsQuery(), timeout: timeout)
            return ActionResponse(
                result: answer.result,
                error: answer.error,
                data: answer.data.flatMap { try? WireCoding.jsonValue(of: $0) }
            )
        case .deleteUploadedFile(let guid):
            return try await wire.get(
                WireEndpoint.fileDelete,
                query: [(WireParameter.guid, guid)] + credentialsQuery(),
                timeout: timeout,
                as: ActionResponse.self
            )
        }
    }

    /// An outbox entry's end: accepted (the delta will confirm the message), refused (it leaves the list), or
    /// canceled (it stays in the outbox for the next session).
    func finishOutbox(id: String, _ outcome: ActionOutcome) {
        switch outcome {
        case .success:
            forgetOutboxEntry(clientSideID: id)
        case .failure(let error):
            log(.warning, .networkRequest, "message refused by the service: \(error)")
            dropSending(id: id)
        case .canceled:
            break
        }
    }

    /// Removes a message from the persisted outbox, with its waiting file.
    func forgetOutboxEntry(clientSideID: String) {
        do {
            try history.removeFromOutbox(clientSideID: clientSideID)
        } catch {
            log(.error, .messageHistory, "could not update the outbox: \(error)")
        }
        try? FileManager.default.removeItem(at: outboxFileURL(id: clientSideID))
    }

    /// Where a file waits for upload.
    func outboxFileURL(id: String) -> URL {
        settings.storageDirectory.appendingPathComponent("outbox-files").appendingPathComponent(id)
    }
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
