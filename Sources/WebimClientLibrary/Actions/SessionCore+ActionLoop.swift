import Foundation
import WebimWire

extension SessionCore {
    /// Adds a request to the end of the action queue.
    func enqueue(_ action: QueuedAction) {
        actions.enqueue(action)
        wakeAll()
    }

    /// Performs the queue in order, one request at a time (PROTOCOL.md §1.5); the queue decides, this performs.
    ///
    /// Messages are retried until the service answers, and the service deduplicates them by client-side id, so
    /// one re-sent after a lost answer or a restart is stored once. Other actions end after five failures.
    func runActionLoop() async {
        while !isDestroyed, !Task.isCancelled {
            guard case .perform(let action, let startingChat) = nextAction() else {
                await waitUntil { if case .perform = nextAction() { true } else { false } }
                continue
            }
            let steps: [ActionQueue.Action]
            do {
                steps = try await send(action, startingChat: startingChat)
            } catch {
                guard !isDestroyed, !Task.isCancelled else { return }
                steps = actions.failed(action, ActionQueue.Fault(error))
            }
            for step in steps { await perform(step) }
        }
    }

    private func nextAction() -> ActionQueue.Next {
        actions.next(canSend: lifecycle.isRunning && identity.hasPage, chatIsClosed: state.needsChatStart)
    }

    /// Sends `action`, after a `chat.start` when the chat is closed, and says what its answer means.
    private func send(_ action: QueuedAction, startingChat: Bool) async throws -> [ActionQueue.Action] {
        if startingChat {
            let started = try await perform(.action(.chatStart, [(WireParameter.clientSideID, ClientSideID.make())]))
            if let steps = actions.chatStartAnswered(error: started.error) { return steps }
        }
        let answer = try await perform(action.call)
        return actions.answered(action, error: answer.error, data: answer.data)
    }

    private func perform(_ step: ActionQueue.Action) async {
        switch step {
        case .finish(let action, let outcome):
            action.onFinish(self, outcome)
        case .report(let type, let description):
            report(type, description)
        case .dropAuthorization:
            dropAuthorization()
            wakeAll()
        case .fail(let code):
            fail(with: code)
        case .backOff(let duration):
            settings.retryMetrics.actions.backingOff(for: duration)
            await clock.sleep(for: duration)
        }
    }

    /// Makes one request with the current page and token.
    private func perform(_ call: QueuedAction.Call) async throws -> ActionResponse {
        let timeout = settings.requestTimeout
        switch call {
        case .action(let action, let fields):
            log(.debug, .networkRequest, "POST \(WireEndpoint.action) action=\(action.rawValue)")
            return try await wire.postForm(
                WireEndpoint.action,
                fields: [(WireParameter.action, action.rawValue)] + fields + identity.authorization,
                timeout: timeout,
                as: ActionResponse.self
            )
        case .upload(let upload):
            log(.debug, .networkRequest, "POST \(WireEndpoint.upload) \(upload.fileName)")
            let answer = try await wire.upload(upload, credentials: identity.authorization, timeout: timeout)
            return ActionResponse(
                result: answer.result,
                error: answer.error,
                data: answer.data.flatMap { try? WireCoding.jsonValue(of: $0) }
            )
        case .deleteUploadedFile(let guid):
            return try await wire.get(
                WireEndpoint.fileDelete,
                query: [(WireParameter.guid, guid)] + identity.authorization,
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
            perform(tracker.dropSending(id: id))
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
