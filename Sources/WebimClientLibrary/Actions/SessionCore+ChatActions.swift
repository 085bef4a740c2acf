import Foundation
import WebimWire

extension SessionCore {
    /// Queues an action that is not a message; `onFinish` gets its outcome.
    func queue(
        _ action: WireAction,
        _ fields: [(String, String)] = [],
        startsChat: Bool = false,
        onFinish: @escaping @Sendable (isolated SessionCore, ActionOutcome) -> Void = { _, _ in }
    ) {
        enqueue(QueuedAction(call: .action(action, fields), startsChat: startsChat, onFinish: onFinish))
    }

    /// `startChat` in all its forms (PROTOCOL.md §5.2; the service treats a repeated start as a no-op).
    func startChat(departmentKey: String?, firstQuestion: String?, customFields: String?) {
        var fields = [(WireParameter.clientSideID, ClientSideID.make())]
        if let departmentKey { fields.append((WireParameter.departmentKey, departmentKey)) }
        if let firstQuestion { fields.append((WireParameter.firstQuestion, firstQuestion)) }
        if let customFields { fields.append((WireParameter.visitorFields, customFields)) }
        queue(.chatStart, fields)
    }

    /// `edit(message:text:completionHandler:)`: shown as `sending` with the new text until the service answers.
    func edit(
        message: any Message,
        text: String,
        onFinish: @escaping @Sendable (isolated SessionCore, ActionOutcome) -> Void
    ) -> Bool {
        guard message.canBeEdited(), message.getType() == .visitorMessage,
            let original = tracker.message(id: message.getID()) ?? (message as? MessageImpl)
        else { return false }
        var edited = original
        edited.text = text
        edited.sendStatus = .sending
        perform(tracker.replaceLocally(edited))
        let pending = edited
        let fields = [(WireParameter.clientSideID, original.id), (WireParameter.message, text)]
        queue(.chatMessage, fields) { core, outcome in
            switch outcome {
            case .success:
                // The service's CHAT_MESSAGE update follows; until then the new text shows as sent.
                var sent = pending
                sent.sendStatus = .sent
                sent.edited = true
                core.perform(core.tracker.replaceLocally(sent))
            case .failure:
                core.perform(core.tracker.replaceLocally(original))
            case .canceled:
                break
            }
            onFinish(core, outcome)
        }
        return true
    }

    /// `delete(message:completionHandler:)`: the service's CHAT_MESSAGE `del` removes it from the list.
    func delete(
        message: any Message,
        onFinish: @escaping @Sendable (isolated SessionCore, ActionOutcome) -> Void
    )
        -> Bool
    {
        guard message.canBeEdited(), message.getSendStatus() == .sent else { return false }
        queue(.chatDeleteMessage, [(WireParameter.clientSideID, message.getID())], onFinish: onFinish)
        return true
    }

    /// `react(message:reaction:completionHandler:)`: the service's CHAT_MESSAGE update shows the reaction.
    func react(
        message: any Message,
        reaction: ReactionString,
        onFinish: @escaping @Sendable (isolated SessionCore, ActionOutcome) -> Void
    ) -> Bool {
        guard message.canVisitorReact(), message.getVisitorReaction() == nil || message.canVisitorChangeReaction()
        else { return false }
        let fields = [(WireParameter.clientSideID, message.getID()), (WireParameter.reaction, reaction.rawValue)]
        queue(.chatReactMessage, fields, onFinish: onFinish)
        return true
    }

    /// `rateOperatorWith`: ratings outside 1…5 are not sent, as the reference says.
    func rateOperator(
        id: String?,
        note: String?,
        rating: Int,
        onFinish: @escaping @Sendable (isolated SessionCore, ActionOutcome) -> Void
    ) {
        guard (1...5).contains(rating) else { return }
        let operatorID = id ?? state.currentOperator?.id
        var fields = [(WireParameter.rate, String(rating - 3))]
        if let operatorID { fields.append((WireParameter.operatorID, operatorID)) }
        if let note { fields.append((WireParameter.visitorNote, note)) }
        if let chatID = state.chatID { fields.append((WireParameter.threadID, String(chatID))) }
        queue(.chatOperatorRateSelect, fields) { core, outcome in
            if case .success = outcome, let operatorID { core.state.operatorRatings[operatorID] = rating }
            onFinish(core, outcome)
        }
    }

    /// `setVisitorTyping(draftMessage:)`: the throttle decides when a report goes (PROTOCOL.md §2.1).
    func setVisitorTyping(draft: String?) {
        for action in typing.draftChanged(to: draft, at: clock.elapsed) { perform(action) }
    }

    private func perform(_ action: TypingThrottle.Action) {
        switch action {
        case .report(let isTyping, let draft):
            guard !isDestroyed else { return }
            var fields = [
                (WireParameter.typing, isTyping ? "1" : "0"),
                (WireParameter.deleteDraft, draft == nil ? "1" : "0"),
            ]
            if let draft { fields.append((WireParameter.messageDraft, draft)) }
            var queued = QueuedAction(call: .action(.chatVisitorTyping, fields)) { _, _ in }
            queued.isTyping = true
            enqueue(queued)
        case .scheduleFlush(let wait):
            spawn { core in
                guard await core.clock.sleep(for: wait) else { return }
                core.typingTimerFired { $0.flushDue(at: $1) }
            }
        case .scheduleQuietCheck(let change, let wait):
            spawn { core in
                guard await core.clock.sleep(for: wait) else { return }
                core.typingTimerFired { $0.quietTimeDue(change: change, at: $1) }
            }
        }
    }

    private func typingTimerFired(_ event: (inout TypingThrottle, Duration) -> TypingThrottle.Action?) {
        if let action = event(&typing, clock.elapsed) { perform(action) }
    }

    /// `clearHistory()`: on the service and here.
    func clearHistory() {
        queue(.chatClearHistory)
        try? history.deleteAllMessages()
        perform(tracker.removeAll())
    }

    /// `VisitorErasure`: the chat closed and the history cleared on the service and here; `completion` gets whether
    /// the service confirmed the clear.
    func closeChatAndClearHistory(completion: @escaping @Sendable (Bool) -> Void) {
        queue(.chatClose)
        queue(.chatClearHistory) { _, outcome in
            if case .success = outcome { completion(true) } else { completion(false) }
        }
        try? history.deleteAllMessages()
        perform(tracker.removeAll())
    }

    /// `set(deviceToken:)` on a running session.
    func setDeviceToken(_ token: String) {
        settings.deviceToken = token
        if settings.pushService == nil { settings.pushService = "apns" }
        queue(.setPushToken, [(WireParameter.pushToken, token)])
    }

    /// `destroyWithClearVisitorData()` unregisters the push token first, waiting at most 2 s (PROTOCOL.md §2.8):
    /// the session's farewell, which its lifetime runs after every other task ended.
    func pushTokenUnregistration() -> SessionLifetime.Job? {
        guard settings.deviceToken != nil, identity.hasPage else { return nil }
        let wire = wire
        let fields =
            [(WireParameter.action, WireAction.setPushToken.rawValue), (WireParameter.pushToken, "none")]
            + identity.authorization
        return {
            _ = try? await wire.postForm(
                WireEndpoint.action,
                fields: fields,
                timeout: .seconds(2),
                as: ActionResponse.self
            )
        }
    }
}
