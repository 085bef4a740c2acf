import Foundation
import WebimWire

/// The action loop: the visitor's requests, performed in order one at a time (PROTOCOL.md §1.5); its queue decides,
/// the loop performs. Confined to the session's executor.
///
/// Messages are retried until the service answers, and the service deduplicates them by client-side id, so one
/// re-sent after a lost answer or a restart is stored once. Other actions end after five failures.
final class ActionLoop {
    private var queue = ActionQueue()
    /// When the visitor's typing is reported (`ActionLoop+Typing`).
    var typing = TypingThrottle()

    /// Adds a request to the end of the queue.
    func enqueue(_ action: QueuedAction, in session: isolated SessionCore) {
        queue.enqueue(action)
        session.wakeAll()
    }

    func run(in session: isolated SessionCore) async {
        while !session.isDestroyed, !Task.isCancelled {
            guard case .perform(let action, let startingChat) = next(in: session) else {
                await session.waitUntil { if case .perform = next(in: session) { true } else { false } }
                continue
            }
            let steps: [ActionQueue.Action]
            do {
                steps = try await send(action, startingChat: startingChat, in: session)
            } catch {
                guard !session.isDestroyed, !Task.isCancelled else { return }
                steps = queue.failed(action, ActionQueue.Fault(error))
            }
            for step in steps { await perform(step, in: session) }
        }
    }

    /// `resend`: `handler` also hears how the message `outboxID` ends; false when it is not queued.
    func alsoOnFinish(
        outboxID: String,
        in session: isolated SessionCore,
        _ handler: @escaping @Sendable (isolated SessionCore, ActionOutcome) -> Void
    ) -> Bool {
        let queued = queue.alsoOnFinish(outboxID: outboxID, handler)
        if queued { session.wakeAll() }
        return queued
    }

    /// `cancelResend`: the message `outboxID` is sent no more; false when it is not queued.
    func remove(outboxID: String) -> Bool { queue.remove(outboxID: outboxID) != nil }

    /// Empties the queue (the session ended): each waiting request hears it was canceled.
    func cancelAll(in session: isolated SessionCore) {
        for case .finish(let queued, let outcome) in queue.cancelAll() { queued.onFinish(session, outcome) }
    }

    private func next(in session: isolated SessionCore) -> ActionQueue.Next {
        queue.next(
            canSend: session.lifecycle.isRunning && session.identity.hasPage,
            chatIsClosed: session.state.needsChatStart
        )
    }

    /// Sends `action`, after a `chat.start` when the chat is closed, and says what its answer means.
    private func send(
        _ action: QueuedAction,
        startingChat: Bool,
        in session: isolated SessionCore
    ) async throws -> [ActionQueue.Action] {
        if startingChat {
            let start = QueuedAction.Call.action(.chatStart, [(WireParameter.clientSideID, ClientSideID.make())])
            let started = try await perform(start, in: session)
            if let steps = queue.chatStartAnswered(error: started.error) { return steps }
        }
        let answer = try await perform(action.call, in: session)
        return queue.answered(action, error: answer.error, data: answer.data)
    }

    private func perform(_ step: ActionQueue.Action, in session: isolated SessionCore) async {
        switch step {
        case .finish(let action, let outcome):
            action.onFinish(session, outcome)
        case .report(let type, let description):
            session.report(type, description)
        case .dropAuthorization:
            session.dropAuthorization()
            session.wakeAll()
        case .fail(let code):
            session.fail(with: code)
        case .backOff(let duration):
            session.settings.retryMetrics.actions.backingOff(for: duration)
            await session.clock.sleep(for: duration)
        }
    }

    /// Makes one request with the current page and token.
    private func perform(_ call: QueuedAction.Call, in session: isolated SessionCore) async throws -> ActionResponse {
        let timeout = session.settings.requestTimeout
        let authorization = session.identity.authorization
        switch call {
        case .action(let action, let fields):
            session.log(.debug, .networkRequest, "POST \(WireEndpoint.action) action=\(action.rawValue)")
            return try await session.wire.postForm(
                WireEndpoint.action,
                fields: [(WireParameter.action, action.rawValue)] + fields + authorization,
                timeout: timeout,
                as: ActionResponse.self
            )
        case .upload(let upload):
            session.log(.debug, .networkRequest, "POST \(WireEndpoint.upload) \(upload.fileName)")
            let answer = try await session.wire.upload(upload, credentials: authorization, timeout: timeout)
            return ActionResponse(
                result: answer.result,
                error: answer.error,
                data: answer.data.flatMap { try? WireCoding.jsonValue(of: $0) }
            )
        case .deleteUploadedFile(let guid):
            return try await session.wire.get(
                WireEndpoint.fileDelete,
                query: [(WireParameter.guid, guid)] + authorization,
                timeout: timeout,
                as: ActionResponse.self
            )
        }
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
