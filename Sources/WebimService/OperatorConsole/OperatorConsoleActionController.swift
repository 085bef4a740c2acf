import Foundation
import HTTPAPI
import Hummingbird
import NIOCore
import WebimWire

/// The operator console's write API: what a person at the console does to a visitor's chat.
struct OperatorConsoleActionController {
    let engine: ChatEngine

    /// The routes, below `/operator/api`.
    var endpoints: RouteCollection<ServiceRequestContext> {
        let router = RouteCollection(context: ServiceRequestContext.self)
        let visitor = "visitors/{visitor}"
        post(router, "\(visitor)/join") { (body: JoinBody, id) in
            let operatorID: Int
            if let chosen = body.operatorId { operatorID = chosen } else { operatorID = try await mainOperator(of: id) }
            try await engine.operators.join(visitorID: id, operatorID: operatorID)
            return nil
        }
        post(router, "\(visitor)/messages") { (body: MessageBody, id) in
            try Self.checkText(body.text, field: "text")
            let kind = body.kind ?? MessageItem.Kind.operator.rawValue
            guard
                [MessageItem.Kind.operator, .info, .operatorBusy, .contactsRequest, .actionRequest]
                    .map(\.rawValue).contains(kind)
            else { throw OperatorActionError.badInput(field: "kind", reason: "not an operator message kind") }
            var data: String?
            switch body.data {
            case nil, .null?: data = nil
            case .object?:
                guard kind == MessageItem.Kind.operator.rawValue else {
                    throw OperatorActionError.badInput(field: "data", reason: "only an operator message carries data")
                }
                data = try body.data.map(MessageRecord.jsonText)
                guard (data?.utf8.count ?? 0) <= MessageLimits.maximumDataBytes else {
                    throw OperatorActionError.badInput(field: "data", reason: "larger than 4 KB")
                }
            default: throw OperatorActionError.badInput(field: "data", reason: "not a JSON object")
            }
            let message = OperatorMessage(
                kind: kind,
                text: body.text,
                quote: body.quote?.request,
                data: data,
                operatorID: body.operatorId
            )
            return try await engine.operatorMessages.send(visitorID: id, message)
        }
        router.patch(RouterPath("\(visitor)/messages/{message}")) { request, context in
            let body = try await request.decode(as: EditBody.self, context: context)
            try Self.checkText(body.text, field: "text")
            return try await Self.run {
                try await engine.operatorEdits.edit(
                    visitorID: try OperatorConsoleController.visitorID(context),
                    target: .id(context.parameters.get("message") ?? ""),
                    text: body.text
                )
                return nil
            }
        }
        router.delete(RouterPath("\(visitor)/messages/{message}")) { _, context in
            try await Self.run {
                try await engine.operatorEdits.delete(
                    visitorID: try OperatorConsoleController.visitorID(context),
                    target: .id(context.parameters.get("message") ?? "")
                )
                return nil
            }
        }
        router.post(RouterPath("\(visitor)/messages/{message}/quote")) { request, context in
            let body = try await request.decode(as: QuoteBody.self, context: context)
            return try await Self.run {
                try await engine.operatorEdits.fillQuote(
                    visitorID: try OperatorConsoleController.visitorID(context),
                    quoting: .id(context.parameters.get("message") ?? ""),
                    with: body.request
                )
                return nil
            }
        }
        post(router, "\(visitor)/keyboard") { (body: Scenario.KeyboardSpec, id) in
            // A button's link is opened by the visitor's page: only a web address, never `javascript:` or `data:`.
            for button in body.rows.joined() {
                guard let link = button.url else { continue }
                guard let scheme = URL(string: link)?.scheme?.lowercased(), scheme == "http" || scheme == "https" else {
                    throw OperatorActionError.badInput(field: "url", reason: "a button's url is an http(s) address")
                }
            }
            return try await engine.operatorMessages.sendKeyboard(visitorID: id) { body.wireItem(messageID: $0) }
        }
        post(router, "\(visitor)/files") { (body: FileBody, id) in
            guard let bytes = Data(base64Encoded: body.base64) else {
                throw OperatorActionError.badInput(field: "base64", reason: "not base64")
            }
            let contentType =
                body.contentType ?? FileInspector.contentType(for: body.filename, declared: "application/octet-stream")
            let file = UploadedPart(filename: body.filename, contentType: contentType, bytes: bytes)
            return try await engine.operatorMessages.sendFile(
                visitorID: id,
                file: file,
                caption: body.caption,
                operatorID: body.operatorId
            )
        }
        post(router, "\(visitor)/typing") { (body: TypingBody, id) in
            try await engine.operators.typing(visitorID: id, isTyping: body.typing)
            return nil
        }
        post(router, "\(visitor)/read") { (_: EmptyBody, id) in
            try await engine.operators.read(visitorID: id)
            return nil
        }
        post(router, "\(visitor)/transfer") { (body: TransferBody, id) in
            try await engine.operators.transfer(
                visitorID: id,
                departmentKey: body.departmentKey,
                operatorID: body.operatorId
            )
            return nil
        }
        post(router, "\(visitor)/close") { (_: EmptyBody, id) in
            // Closing is idempotent for a visitor without an open chat, but there must be such a visitor.
            guard try await engine.database.visitor(id: id) != nil else {
                throw OperatorActionError.notFound("visitor")
            }
            try await engine.chats.close(visitorID: id, state: ChatStateValue.closedByOperator)
            return nil
        }
        post(router, "\(visitor)/ban") { (body: BanBody, id) in
            try await engine.controls.setBanned(visitorID: id, banned: body.banned ?? true)
            return nil
        }
        post(router, "\(visitor)/scenario") { (body: PauseBody, id) in
            try await engine.controls.setScenarioPaused(visitorID: id, paused: body.paused)
            return nil
        }
        post(router, "\(visitor)/invite") { (body: InviteBody, id) in
            try Self.checkText(body.text, field: "text")
            let operatorID: Int
            if let chosen = body.operatorId { operatorID = chosen } else { operatorID = try await mainOperator(of: id) }
            try await engine.operators.invite(visitorID: id, operatorID: operatorID, text: body.text)
            return nil
        }
        post(router, "\(visitor)/survey") { (body: SurveyBody, id) in
            try await engine.operators.startSurvey(visitorID: id, config: body.config)
            return nil
        }
        return router
    }

    /// The location's main operator, for a `join` that names none.
    private func mainOperator(of visitorID: String) async throws -> Int {
        guard let visitor = try await engine.database.visitor(id: visitorID) else {
            throw OperatorActionError.notFound("visitor")
        }
        return engine.library.location(visitor.location).mainOperatorID
    }

    /// A POST route on a visitor: decodes the body, runs `body`, answers `{"result":"ok","messageId"?}`.
    private func post<Body: Decodable & Sendable>(
        _ router: RouteCollection<ServiceRequestContext>,
        _ path: String,
        _ action: @escaping @Sendable (Body, String) async throws -> String?
    ) {
        router.post(RouterPath(path)) { request, context in
            let body = try await request.decode(as: Body.self, context: context)
            let visitorID = try OperatorConsoleController.visitorID(context)
            return try await Self.run { try await action(body, visitorID) }
        }
    }

    /// Runs an operator action, answering `{"result":"ok","messageId"?}`; its `OperatorActionError`s are answered by
    /// `APIErrorMiddleware`.
    static func run(_ action: () async throws -> String?) async throws -> Response {
        do {
            return try JSONResponse.make(ConsoleOK(messageId: try await action()))
        } catch ServiceStoreError.unknownVisitor {
            throw OperatorActionError.notFound("visitor")
        }
    }

    /// An operator's text within the limits both servers share.
    private static func checkText(_ text: String, field: String) throws {
        guard MessageLimits.hasNoNUL(text) else {
            throw OperatorActionError.badInput(field: field, reason: "\(field) cannot contain a NUL character (U+0000)")
        }
        guard text.count <= MessageLimits.maximumTextLength else {
            throw OperatorActionError.badInput(
                field: field,
                reason: "\(field) is at most \(MessageLimits.maximumTextLength) characters"
            )
        }
    }
}

/// `{"result":"ok"}` plus the id of a message the action created.
struct ConsoleOK: Encodable {
    var result = "ok"
    var messageId: String?
}
