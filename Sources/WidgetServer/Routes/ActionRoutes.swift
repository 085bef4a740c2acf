import Foundation
import Hummingbird
import WebimWire

/// The chat's other actions: keyboard buttons, typing, rating, starting and closing, reading, e-mailed transcripts.
struct ActionRoutes {
    let registry: TabRegistry

    func add(to router: Router<WidgetRequestContext>, table: RouteTable) {
        table.add(.post, "/api/tabs/{tab}/keyboard", on: router) { request, context in
            try await keyboard(request, context)
        }
        table.add(.post, "/api/tabs/{tab}/typing", on: router) { request, context in try await typing(request, context)
        }
        table.add(.post, "/api/tabs/{tab}/rating", on: router) { request, context in try await rating(request, context)
        }
        table.add(.post, "/api/tabs/{tab}/chat", on: router) { request, context in try await chat(request, context) }
        table.add(.post, "/api/tabs/{tab}/read", on: router) { _, context in
            try await registry.tab(context).markRead()
            return Response(status: .noContent)
        }
        table.add(.post, "/api/tabs/{tab}/transcript", on: router) { request, context in
            try await emailTranscript(request, context)
        }
    }

    private struct Keyboard: Decodable {
        var messageId: String
        var buttonId: String
        var clientId: String
    }

    private func keyboard(_ request: Request, _ context: WidgetRequestContext) async throws -> Response {
        let tab = try registry.tab(context)
        let body = try await JSONBody.decode(Keyboard.self, from: request)
        guard (1...128).contains(body.messageId.count) else {
            throw APIError.badRequest("invalid_message_id", "messageId is not a message id.", field: "messageId")
        }
        guard (1...128).contains(body.buttonId.count) else {
            throw APIError.badRequest("invalid_button_id", "buttonId is not a button id.", field: "buttonId")
        }
        try Validation.clientID(body.clientId)
        try await tab.chooseButton(messageID: body.messageId, buttonID: body.buttonId, clientID: body.clientId)
        return try JSONBody.response(["clientId": body.clientId], status: .accepted)
    }

    private struct Typing: Decodable {
        /// Absent or null: the visitor stopped typing.
        var draft: String?
    }

    private func typing(_ request: Request, _ context: WidgetRequestContext) async throws -> Response {
        let tab = try registry.tab(context)
        let body = try await JSONBody.decode(Typing.self, from: request)
        if let draft = body.draft {
            try Validation.length(draft, atMost: MessageLimits.maximumTextLength, field: "draft")
        }
        try await tab.setTyping(draft: body.draft)
        return Response(status: .noContent)
    }

    private struct Rating: Decodable {
        var operatorId: String?
        var rating: Int
        var note: String?
        var clientId: String
    }

    private func rating(_ request: Request, _ context: WidgetRequestContext) async throws -> Response {
        let tab = try registry.tab(context)
        let body = try await JSONBody.decode(Rating.self, from: request)
        guard (1...5).contains(body.rating) else {
            throw APIError.badRequest("invalid_rating", "rating is 1 to 5.", field: "rating")
        }
        if let note = body.note { try Validation.length(note, atMost: 2000, field: "note") }
        if let id = body.operatorId { try Validation.key(id, field: "operatorId") }
        try Validation.clientID(body.clientId)
        try await tab.rate(operatorID: body.operatorId, rating: body.rating, note: body.note, clientID: body.clientId)
        return try JSONBody.response(["clientId": body.clientId], status: .accepted)
    }

    private struct Chat: Decodable {
        var action: String
        var departmentKey: String?
        var firstQuestion: String?
        var customFields: [String: String]?
    }

    private func chat(_ request: Request, _ context: WidgetRequestContext) async throws -> Response {
        let tab = try registry.tab(context)
        let body = try await JSONBody.decode(Chat.self, from: request)
        guard body.action == "start" || body.action == "close" else {
            throw APIError.badRequest("invalid_action", "action is start or close.", field: "action")
        }
        if let key = body.departmentKey { try Validation.key(key, field: "departmentKey") }
        if let question = body.firstQuestion {
            try Validation.length(question, atMost: MessageLimits.maximumTextLength, field: "firstQuestion")
        }
        let customFields = try body.customFields.map { fields -> String in
            guard fields.count <= 50 else {
                throw APIError.badRequest(
                    "invalid_custom_fields",
                    "customFields has at most 50 fields.",
                    field: "customFields"
                )
            }
            return String(decoding: try JSONEncoder().encode(fields), as: UTF8.self)
        }
        try await tab.chat(
            start: body.action == "start",
            departmentKey: body.departmentKey,
            firstQuestion: body.firstQuestion,
            customFields: customFields
        )
        return try JSONBody.accepted()
    }

    private struct Transcript: Decodable {
        var email: String
        var clientId: String
    }

    private func emailTranscript(_ request: Request, _ context: WidgetRequestContext) async throws -> Response {
        let tab = try registry.tab(context)
        let body = try await JSONBody.decode(Transcript.self, from: request)
        try Validation.email(body.email)
        try Validation.clientID(body.clientId)
        try await tab.sendTranscript(to: body.email, clientID: body.clientId)
        return try JSONBody.response(["clientId": body.clientId], status: .accepted)
    }
}
