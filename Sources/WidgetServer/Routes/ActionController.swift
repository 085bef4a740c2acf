import Foundation
import HTTPAPI
import Hummingbird
import WebimWire

/// The chat's other actions: keyboard buttons, typing, rating, starting and closing, reading, e-mailed transcripts,
/// contacts given when the operator asks for them.
struct ActionController {
    let registry: TabRegistry

    /// The routes, below `/api/tabs`.
    var endpoints: RouteCollection<WidgetRequestContext> {
        RouteCollection(context: WidgetRequestContext.self)
            .post("{tab}/keyboard", use: keyboard)
            .post("{tab}/typing", use: typing)
            .post("{tab}/rating", use: rating)
            .post("{tab}/chat", use: chat)
            .post("{tab}/read", use: markRead)
            .post("{tab}/transcript", use: emailTranscript)
            .post("{tab}/contacts", use: sendContacts)
    }

    private struct Keyboard: Decodable {
        var messageId: String
        var buttonId: String
        var clientId: String
    }

    private func keyboard(_ request: Request, context: WidgetRequestContext) async throws -> Response {
        let tab = try registry.tab(context)
        let body = try await request.decode(as: Keyboard.self, context: context)
        guard (1...128).contains(body.messageId.count) else {
            throw APIError(.invalidMessageID, "messageId is not a message id.", field: "messageId")
        }
        guard (1...128).contains(body.buttonId.count) else {
            throw APIError(.invalidButtonID, "buttonId is not a button id.", field: "buttonId")
        }
        try Validation.clientID(body.clientId)
        try await tab.messages.chooseButton(messageID: body.messageId, buttonID: body.buttonId, clientID: body.clientId)
        return try JSONResponse.make(["clientId": body.clientId], status: .accepted)
    }

    private struct Typing: Decodable {
        /// Absent or null: the visitor stopped typing.
        var draft: String?
    }

    private func typing(_ request: Request, context: WidgetRequestContext) async throws -> Response {
        let tab = try registry.tab(context)
        let body = try await request.decode(as: Typing.self, context: context)
        if let draft = body.draft {
            try Validation.length(draft, atMost: MessageLimits.maximumTextLength, field: "draft", code: .draftTooLong)
        }
        try await tab.chat.setTyping(draft: body.draft)
        return Response(status: .noContent)
    }

    private struct Rating: Decodable {
        var operatorId: String?
        var rating: Int
        var note: String?
        var clientId: String
    }

    private func rating(_ request: Request, context: WidgetRequestContext) async throws -> Response {
        let tab = try registry.tab(context)
        let body = try await request.decode(as: Rating.self, context: context)
        guard (1...5).contains(body.rating) else {
            throw APIError(.invalidRating, "rating is 1 to 5.", field: "rating")
        }
        if let note = body.note { try Validation.length(note, atMost: 2000, field: "note", code: .noteTooLong) }
        if let id = body.operatorId { try Validation.key(id, field: "operatorId", code: .invalidOperatorID) }
        try Validation.clientID(body.clientId)
        try await tab.chat.rate(
            operatorID: body.operatorId,
            rating: body.rating,
            note: body.note,
            clientID: body.clientId
        )
        return try JSONResponse.make(["clientId": body.clientId], status: .accepted)
    }

    private struct Chat: Decodable {
        var action: String
        var departmentKey: String?
        var firstQuestion: String?
        var customFields: [String: String]?
    }

    private func chat(_ request: Request, context: WidgetRequestContext) async throws -> Response {
        let tab = try registry.tab(context)
        let body = try await request.decode(as: Chat.self, context: context)
        guard body.action == "start" || body.action == "close" else {
            throw APIError(.invalidAction, "action is start or close.", field: "action")
        }
        if let key = body.departmentKey { try Validation.key(key, field: "departmentKey", code: .invalidDepartmentKey) }
        if let question = body.firstQuestion {
            try Validation.length(
                question,
                atMost: MessageLimits.maximumTextLength,
                field: "firstQuestion",
                code: .firstQuestionTooLong
            )
        }
        let customFields = try body.customFields.map { fields -> String in
            guard fields.count <= 50 else {
                throw APIError(.invalidCustomFields, "customFields has at most 50 fields.", field: "customFields")
            }
            // A pre-chat form's answers: names as the location's form spells them, values as long as it allows.
            guard fields.allSatisfy({ (1...64).contains($0.key.count) && $0.value.count <= 1000 }) else {
                throw APIError(
                    .invalidCustomFields,
                    "customFields names are 1 to 64 characters, values at most 1000.",
                    field: "customFields"
                )
            }
            return String(decoding: try JSONEncoder().encode(fields), as: UTF8.self)
        }
        try await tab.chat.startOrClose(
            start: body.action == "start",
            departmentKey: body.departmentKey,
            firstQuestion: body.firstQuestion,
            customFields: customFields
        )
        return try JSONResponse.accepted()
    }

    private func markRead(_ request: Request, context: WidgetRequestContext) async throws -> Response {
        try await registry.tab(context).chat.markRead()
        return Response(status: .noContent)
    }

    private struct Transcript: Decodable {
        var email: String
        var clientId: String
    }

    private func emailTranscript(_ request: Request, context: WidgetRequestContext) async throws -> Response {
        let tab = try registry.tab(context)
        let body = try await request.decode(as: Transcript.self, context: context)
        try Validation.email(body.email)
        try Validation.clientID(body.clientId)
        try await tab.chat.sendTranscript(to: body.email, clientID: body.clientId)
        return try JSONResponse.make(["clientId": body.clientId], status: .accepted)
    }

    /// The visitor's contacts: `name`, `email`, `phone`, each optional text, at least one given.
    private struct Contacts: Decodable {
        var name: String?
        var email: String?
        var phone: String?
        var clientId: String

        private enum CodingKeys: String, CodingKey {
            case name = "name"
            case email = "email"
            case phone = "phone"
            case clientId = "clientId"
        }
    }

    private func sendContacts(_ request: Request, context: WidgetRequestContext) async throws -> Response {
        let tab = try registry.tab(context)
        let body = try await request.decode(as: Contacts.self, context: context)
        try Validation.clientID(body.clientId)
        var fields: [String: String] = [:]
        for (name, value) in [("name", body.name), ("email", body.email), ("phone", body.phone)] {
            guard let value = value?.trimmingCharacters(in: .whitespacesAndNewlines), !value.isEmpty else { continue }
            try Validation.length(value, atMost: 256, field: name, code: .contactTooLong)
            fields[name] = value
        }
        if let email = fields["email"] { try Validation.email(email) }
        if let phone = fields["phone"], !phone.allSatisfy({ $0.isASCII && ($0.isNumber || " +-().".contains($0)) }) {
            throw APIError(.invalidPhone, "A phone number has digits, spaces and + - ( ) only.", field: "phone")
        }
        guard !fields.isEmpty else {
            throw APIError(.noContacts, "Give a name, an e-mail address or a phone number.", field: "name")
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        try await tab.chat.sendContacts(
            String(decoding: try encoder.encode(fields), as: UTF8.self),
            clientID: body.clientId
        )
        return try JSONResponse.make(["clientId": body.clientId], status: .accepted)
    }
}
