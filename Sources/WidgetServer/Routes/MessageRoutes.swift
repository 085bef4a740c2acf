import Foundation
import Hummingbird
import WebimClientLibrary

/// Sending, editing and deleting the visitor's messages, and reacting to the operator's.
struct MessageRoutes {
    let registry: TabRegistry
    let crashPoint: CrashPoint

    func add(to router: Router<WidgetRequestContext>, table: RouteTable) {
        table.add(.post, "/api/tabs/{tab}/messages", on: router) { request, context in
            try await send(request, context)
        }
        table.add(.patch, "/api/tabs/{tab}/messages/{id}", on: router) { request, context in
            try await edit(request, context)
        }
        table.add(.delete, "/api/tabs/{tab}/messages/{id}", on: router) { request, context in
            try await delete(request, context)
        }
        table.add(.post, "/api/tabs/{tab}/messages/{id}/reaction", on: router) { request, context in
            try await react(request, context)
        }
    }

    private struct SendMessage: Decodable {
        var text: String
        var clientId: String
        var quotedMessageId: String?
    }

    private func send(_ request: Request, _ context: WidgetRequestContext) async throws -> Response {
        let tab = try registry.tab(context)
        let raw = try await JSONBody.collect(request)
        let body = try JSONBody.decode(SendMessage.self, from: raw)
        try Validation.messageText(body.text)
        try Validation.clientID(body.clientId)
        if let quoted = body.quotedMessageId, quoted.isEmpty || quoted.count > 128 {
            throw APIError.badRequest(
                "invalid_quoted_message_id",
                "quotedMessageId is not a message id.",
                field: "quotedMessageId"
            )
        }
        let data = try Self.customData(raw)
        if data != nil, body.quotedMessageId != nil {
            throw APIError.badRequest("quote_with_data", "A reply cannot carry custom data.", field: "data")
        }
        let receipt = try await tab.send(
            text: body.text,
            clientID: body.clientId,
            quotedMessageID: body.quotedMessageId,
            data: data
        )
        if receipt.isNew { crashPoint.messageCommitted() }
        return try JSONBody.response(
            ["id": receipt.id, "clientId": body.clientId, "messageId": receipt.id],
            status: .accepted
        )
    }

    /// The `data` member's JSON, when it is an object; 400 when it is anything else but null.
    private static func customData(_ raw: Data) throws -> Data? {
        guard let object = try? JSONSerialization.jsonObject(with: raw) as? [String: Any],
            let data = object["data"], !(data is NSNull)
        else { return nil }
        guard data is [String: Any] else {
            throw APIError.badRequest("invalid_field", "The field data must be a JSON object.", field: "data")
        }
        return try JSONSerialization.data(withJSONObject: data)
    }

    private struct EditMessage: Decodable {
        var text: String
        var clientId: String
    }

    private func edit(_ request: Request, _ context: WidgetRequestContext) async throws -> Response {
        let tab = try registry.tab(context)
        let id = try Validation.pathID(context, "id")
        let body = try await JSONBody.decode(EditMessage.self, from: request)
        try Validation.messageText(body.text)
        try Validation.clientID(body.clientId)
        try await tab.edit(messageID: id, text: body.text, clientID: body.clientId)
        return try JSONBody.response(["id": id, "clientId": body.clientId], status: .accepted)
    }

    private func delete(_ request: Request, _ context: WidgetRequestContext) async throws -> Response {
        let tab = try registry.tab(context)
        let id = try Validation.pathID(context, "id")
        guard let clientID = FormQuery(request).get("clientId") else {
            throw APIError.badRequest("missing_field", "The query parameter clientId is required.", field: "clientId")
        }
        try Validation.clientID(clientID)
        try await tab.delete(messageID: id, clientID: clientID)
        return try JSONBody.response(["id": id, "clientId": clientID], status: .accepted)
    }

    private struct React: Decodable {
        /// `like` or `dislike`.
        var reaction: String
        var clientId: String
    }

    private func react(_ request: Request, _ context: WidgetRequestContext) async throws -> Response {
        let tab = try registry.tab(context)
        let id = try Validation.pathID(context, "id")
        let body = try await JSONBody.decode(React.self, from: request)
        try Validation.clientID(body.clientId)
        guard let reaction = ReactionString(rawValue: body.reaction) else {
            throw APIError.badRequest("invalid_reaction", "reaction is like or dislike.", field: "reaction")
        }
        try await tab.react(messageID: id, reaction: reaction, clientID: body.clientId)
        return try JSONBody.response(["id": id, "clientId": body.clientId], status: .accepted)
    }
}
