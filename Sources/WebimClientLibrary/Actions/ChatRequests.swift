import Foundation
import WebimWire

/// The chat's requests that are not messages: each is queued for the action loop, and the tracker shows at once
/// what the visitor did where the reference does.
enum ChatRequests {
    /// Queues an action that is not a message; `onFinish` gets its outcome.
    static func queue(
        _ action: WireAction,
        _ fields: [(String, String)] = [],
        startsChat: Bool = false,
        in session: isolated SessionCore,
        onFinish: @escaping @Sendable (isolated SessionCore, ActionOutcome) -> Void = { _, _ in }
    ) {
        let queued = QueuedAction(call: .action(action, fields), startsChat: startsChat, onFinish: onFinish)
        session.actions.enqueue(queued, in: session)
    }

    /// `startChat` in all its forms (PROTOCOL.md §5.2; the service treats a repeated start as a no-op).
    static func startChat(
        departmentKey: String?,
        firstQuestion: String?,
        customFields: String?,
        in session: isolated SessionCore
    ) {
        var fields = [(WireParameter.clientSideID, ClientSideID.make())]
        if let departmentKey { fields.append((WireParameter.departmentKey, departmentKey)) }
        if let firstQuestion { fields.append((WireParameter.firstQuestion, firstQuestion)) }
        if let customFields { fields.append((WireParameter.visitorFields, customFields)) }
        queue(.chatStart, fields, in: session)
    }

    /// `edit(message:text:completionHandler:)`: shown as `sending` with the new text until the service answers.
    static func edit(
        message: any Message,
        text: String,
        in session: isolated SessionCore,
        onFinish: @escaping @Sendable (isolated SessionCore, ActionOutcome) -> Void
    ) -> Bool {
        guard message.canBeEdited(), message.getType() == .visitorMessage,
            let original = session.tracker.message(id: message.getID()) ?? (message as? MessageImpl)
        else { return false }
        var edited = original
        edited.text = text
        edited.sendStatus = .sending
        session.tracker.replaceLocally(edited, in: session)
        let pending = edited
        let fields = [(WireParameter.clientSideID, original.id), (WireParameter.message, text)]
        queue(.chatMessage, fields, in: session) { core, outcome in
            switch outcome {
            case .success:
                // The service's CHAT_MESSAGE update follows; until then the new text shows as sent.
                var sent = pending
                sent.sendStatus = .sent
                sent.edited = true
                core.tracker.replaceLocally(sent, in: core)
            case .failure:
                core.tracker.replaceLocally(original, in: core)
            case .canceled:
                break
            }
            onFinish(core, outcome)
        }
        return true
    }

    /// `delete(message:completionHandler:)`: the service's CHAT_MESSAGE `del` removes it from the list.
    static func delete(
        message: any Message,
        in session: isolated SessionCore,
        onFinish: @escaping @Sendable (isolated SessionCore, ActionOutcome) -> Void
    ) -> Bool {
        guard message.canBeEdited(), message.getSendStatus() == .sent else { return false }
        queue(.chatDeleteMessage, [(WireParameter.clientSideID, message.getID())], in: session, onFinish: onFinish)
        return true
    }

    /// `react(message:reaction:completionHandler:)`: the service's CHAT_MESSAGE update shows the reaction.
    static func react(
        message: any Message,
        reaction: ReactionString,
        in session: isolated SessionCore,
        onFinish: @escaping @Sendable (isolated SessionCore, ActionOutcome) -> Void
    ) -> Bool {
        guard message.canVisitorReact(), message.getVisitorReaction() == nil || message.canVisitorChangeReaction()
        else { return false }
        let fields = [(WireParameter.clientSideID, message.getID()), (WireParameter.reaction, reaction.rawValue)]
        queue(.chatReactMessage, fields, in: session, onFinish: onFinish)
        return true
    }

    /// `rateOperatorWith`: ratings outside 1…5 are not sent, as the reference says.
    static func rateOperator(
        id: String?,
        note: String?,
        rating: Int,
        in session: isolated SessionCore,
        onFinish: @escaping @Sendable (isolated SessionCore, ActionOutcome) -> Void
    ) {
        guard (1...5).contains(rating) else { return }
        let operatorID = id ?? session.state.currentOperator?.id
        var fields = [(WireParameter.rate, String(rating - 3))]
        if let operatorID { fields.append((WireParameter.operatorID, operatorID)) }
        if let note { fields.append((WireParameter.visitorNote, note)) }
        if let chatID = session.state.chatID { fields.append((WireParameter.threadID, String(chatID))) }
        queue(.chatOperatorRateSelect, fields, in: session) { core, outcome in
            if case .success = outcome, let operatorID { core.state.operatorRatings[operatorID] = rating }
            onFinish(core, outcome)
        }
    }

    /// `clearHistory()`: on the service and here.
    static func clearHistory(in session: isolated SessionCore) {
        queue(.chatClearHistory, in: session)
        try? session.history.deleteAllMessages()
        session.tracker.removeAll(in: session)
    }

    /// `VisitorErasure`: the chat closed and the history cleared on the service and here; `completion` gets whether
    /// the service confirmed the clear.
    static func closeChatAndClearHistory(
        in session: isolated SessionCore,
        completion: @escaping @Sendable (Bool) -> Void
    ) {
        queue(.chatClose, in: session)
        queue(.chatClearHistory, in: session) { _, outcome in
            if case .success = outcome { completion(true) } else { completion(false) }
        }
        try? session.history.deleteAllMessages()
        session.tracker.removeAll(in: session)
    }

    /// `set(deviceToken:)` on a running session.
    static func setDeviceToken(_ token: String, in session: isolated SessionCore) {
        session.settings.deviceToken = token
        if session.settings.pushService == nil { session.settings.pushService = "apns" }
        queue(.setPushToken, [(WireParameter.pushToken, token)], in: session)
    }

    /// `destroyWithClearVisitorData()` unregisters the push token first, waiting at most 2 s (PROTOCOL.md §2.8):
    /// the session's farewell, which its lifetime runs after every other task ended.
    static func pushTokenUnregistration(in session: isolated SessionCore) -> SessionLifetime.Job? {
        guard session.settings.deviceToken != nil, session.identity.hasPage else { return nil }
        let wire = session.wire
        let fields =
            [(WireParameter.action, WireAction.setPushToken.rawValue), (WireParameter.pushToken, "none")]
            + session.identity.authorization
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
