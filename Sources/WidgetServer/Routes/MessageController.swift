import Foundation
import HTTPAPI
import Hummingbird
import WebimClientLibrary
import WebimWire

/// Sending, editing and deleting the visitor's messages, and reacting to the operator's.
struct MessageController {
    let registry: TabRegistry
    /// The data folder's budget: a message's text lands in the tab's outbox and the history store.
    let folderBudget: DataFolderBudget
    let crashPoint: CrashPoint

    /// The routes, below `/api/tabs`.
    var endpoints: RouteCollection<WidgetRequestContext> {
        RouteCollection(context: WidgetRequestContext.self)
            .post("{tab}/messages", use: send)
            .patch("{tab}/messages/{id}", use: edit)
            .delete("{tab}/messages/{id}", use: delete)
            .post("{tab}/messages/{id}/reaction", use: react)
            .post("{tab}/messages/{id}/accept", use: acceptActionRequest)
            .post("{tab}/stickers", use: sendSticker)
    }

    private struct SendMessage: Decodable {
        var text: String
        var clientId: String
        var quotedMessageId: String?
        /// The text is a suggestion the visitor chose unchanged: sent with `hint_question`.
        var hintQuestion: Bool?
    }

    private func send(_ request: Request, context: WidgetRequestContext) async throws -> Response {
        let tab = try registry.tab(context)
        // Read whole, not by `request.decode`: the custom `data` object is passed on as the page wrote it.
        let raw = try await APIJSONDecoder.body(of: request, upTo: context.maxUploadSize, emptyReadsAsObject: false)
        let body = try APIJSONDecoder.decode(SendMessage.self, from: raw)
        try Validation.messageText(body.text)
        try Validation.clientID(body.clientId)
        if let quoted = body.quotedMessageId, quoted.isEmpty || quoted.count > 128 {
            throw APIError(
                .invalidQuotedMessageID,
                "quotedMessageId is not a message id.",
                field: "quotedMessageId"
            )
        }
        let data = try Self.customData(raw)
        if data != nil, body.quotedMessageId != nil {
            throw APIError(.quoteWithData, "A reply cannot carry custom data.", field: "data")
        }
        let isHintQuestion = body.hintQuestion == true
        if isHintQuestion, data != nil || body.quotedMessageId != nil {
            throw APIError(.invalidField, "A suggested question carries no quote and no data.", field: "hintQuestion")
        }
        try folderBudget.admit(body.text.utf8.count + (data?.count ?? 0))
        let receipt = try await tab.messages.send(
            text: body.text,
            clientID: body.clientId,
            quotedMessageID: body.quotedMessageId,
            data: data,
            isHintQuestion: isHintQuestion
        )
        if receipt.isNew { crashPoint.messageCommitted() }
        return try JSONResponse.make(
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
            throw APIError(.invalidField, "The field data must be a JSON object.", field: "data")
        }
        let encoded = try JSONSerialization.data(withJSONObject: data)
        // The chat service holds `data` to the same bound: refused here, it never waits in the outbox to be refused.
        guard encoded.count <= MessageLimits.maximumDataBytes else {
            throw APIError(
                .invalidField,
                "The field data must be at most \(MessageLimits.maximumDataBytes) bytes of JSON.",
                field: "data"
            )
        }
        return encoded
    }

    private struct EditMessage: Decodable {
        var text: String
        var clientId: String
    }

    private func edit(_ request: Request, context: WidgetRequestContext) async throws -> Response {
        let tab = try registry.tab(context)
        let id = try Validation.pathID(context, "id", code: .invalidID)
        let body = try await request.decode(as: EditMessage.self, context: context)
        try Validation.messageText(body.text)
        try Validation.clientID(body.clientId)
        try await tab.messages.edit(messageID: id, text: body.text, clientID: body.clientId)
        return try JSONResponse.make(["id": id, "clientId": body.clientId], status: .accepted)
    }

    private func delete(_ request: Request, context: WidgetRequestContext) async throws -> Response {
        let tab = try registry.tab(context)
        let id = try Validation.pathID(context, "id", code: .invalidID)
        guard let clientID = FormQuery(request).get("clientId") else {
            throw APIError(.missingField, "The query parameter clientId is required.", field: "clientId")
        }
        try Validation.clientID(clientID)
        try await tab.messages.delete(messageID: id, clientID: clientID)
        return try JSONResponse.make(["id": id, "clientId": clientID], status: .accepted)
    }

    private struct React: Decodable {
        /// `like` or `dislike`.
        var reaction: String
        var clientId: String
    }

    private func react(_ request: Request, context: WidgetRequestContext) async throws -> Response {
        let tab = try registry.tab(context)
        let id = try Validation.pathID(context, "id", code: .invalidID)
        let body = try await request.decode(as: React.self, context: context)
        try Validation.clientID(body.clientId)
        guard let reaction = ReactionString(rawValue: body.reaction) else {
            throw APIError(.invalidReaction, "reaction is like or dislike.", field: "reaction")
        }
        try await tab.messages.react(messageID: id, reaction: reaction, clientID: body.clientId)
        return try JSONResponse.make(["id": id, "clientId": body.clientId], status: .accepted)
    }

    private struct Accept: Decodable {
        var clientId: String
    }

    /// The visitor accepts an operator's action request (a call back, say): `respondSentryCall(id:)`.
    private func acceptActionRequest(_ request: Request, context: WidgetRequestContext) async throws -> Response {
        let tab = try registry.tab(context)
        let id = try Validation.pathID(context, "id", code: .invalidID)
        let body = try await request.decode(as: Accept.self, context: context)
        try Validation.clientID(body.clientId)
        try await tab.messages.acceptActionRequest(messageID: id, clientID: body.clientId)
        return try JSONResponse.make(["id": id, "clientId": body.clientId], status: .accepted)
    }

    private struct SendSticker: Decodable {
        var stickerId: Int
        var clientId: String
    }

    /// `POST /api/tabs/{tab}/stickers`: one of the stickers the location allows, once per `clientId`.
    private func sendSticker(_ request: Request, context: WidgetRequestContext) async throws -> Response {
        let tab = try registry.tab(context)
        let body = try await request.decode(as: SendSticker.self, context: context)
        try Validation.clientID(body.clientId)
        try await tab.messages.sendSticker(id: body.stickerId, clientID: body.clientId)
        return try JSONResponse.make(["stickerId": "\(body.stickerId)", "clientId": body.clientId], status: .accepted)
    }
}
