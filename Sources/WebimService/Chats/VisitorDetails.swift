import Foundation
import WebimWire

/// What the visitor tells about themselves (PROTOCOL.md §5.2): prechat fields, a push token, contacts asked for by
/// the operator, and the actions that are only recorded (a location, widget updates, upload progress, answers to
/// action requests).
struct VisitorDetails: Sendable {
    let changes: VisitorChanges

    /// `chat.set_prechat_fields`: stored.
    func setPrechatFields(visitor: VisitorRecord, _ fields: String) async throws {
        try await changes.commit(visitorID: visitor.id) { change in change.visitor.prechatFields = fields }
    }

    /// `set_push_token`: stores or clears the push token.
    func setPushToken(visitor: VisitorRecord, _ token: String?) async throws {
        try await changes.commit(visitorID: visitor.id) { change in change.visitor.pushToken = token }
    }

    /// `chat.cont_resp`: the visitor's contacts in answer to a contacts request; a `contacts` message.
    func giveContacts(visitor: VisitorRecord, _ fields: [String: String]) async throws {
        try await changes.commit(visitorID: visitor.id) { change in
            try change.visitor.merge(fields: fields)
            guard let chatID = try change.openChat()?.id else { return }
            let summary = fields.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" }.joined(separator: "\n")
            var message = MessageRecord.fromVisitor(
                change.visitor,
                chatID: chatID,
                clientSideID: RandomID.hex(),
                text: summary,
                clock: change.clock
            )
            message.kind = MessageItem.Kind.contacts.rawValue
            message.data = try MessageRecord.jsonText(fields)
            try change.add(message)
        }
    }

    /// `chat.action_request.call_sentry_action_request`: records the visitor's accepting the action request their
    /// form names, once; true the first time, when the scenario may answer. A repeated accept stores nothing, so
    /// it cannot make the bot answer again and again.
    func acceptActionRequest(visitor: VisitorRecord, form: VisitorAction.RecordedForm) async throws -> Bool {
        let name = WireAction.chatActionRequest.rawValue
        let text = try MessageRecord.jsonText([WireParameter.clientSideID: form.fields[WireParameter.clientSideID]])
        return try await changes.commit(visitorID: visitor.id) { change in
            guard try !change.hasRecorded(event: name, payload: text) else { return false }
            try change.record(event: name, chatID: try change.currentChat()?.id, payload: text)
            return true
        }
    }

    /// Records an action that has no other effect, under its wire name, with the chat it happened in.
    func record(visitor: VisitorRecord, action: WireAction, form: VisitorAction.RecordedForm) async throws {
        let text = try MessageRecord.jsonText(form.fields)
        try await changes.commit(visitorID: visitor.id) { change in
            try change.record(event: action.rawValue, chatID: try change.currentChat()?.id, payload: text)
        }
    }
}
