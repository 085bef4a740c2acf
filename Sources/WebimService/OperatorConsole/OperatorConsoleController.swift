import Foundation
import HTTPAPI
import Hummingbird
import NIOCore
import ServiceLifecycle
import WebimWire

/// The operator console's JSON API: reads and the live event stream, with the file, action and location controllers
/// beside them (routes: Sources/WebimService/README.md, `Public/operator/openapi.yaml`).
struct OperatorConsoleController {
    let engine: ChatEngine
    let bodyLimit: BodyLimit
    static let prefix = "/operator/api"

    /// Every console API route, below `prefix`.
    var endpoints: RouteCollection<ServiceRequestContext> {
        RouteCollection(context: ServiceRequestContext.self)
            .add(middleware: ConsoleBodyLimitMiddleware(bytes: bodyLimit.consoleJSON))
            .get("chats", use: chats)
            .get("visitors/{visitor}", use: visitor)
            .get("operators") { _, _ in try JSONResponse.make(try await engine.database.operators()) }
            .get("events", use: events)
            .addRoutes(OperatorConsoleFileController(engine: engine).endpoints)
            .addRoutes(OperatorConsoleActionController(engine: engine).endpoints)
            .addRoutes(OperatorConsoleLocationController(engine: engine).endpoints)
    }

    private func chats(_ request: Request, context: ServiceRequestContext) async throws -> Response {
        // The console shows the newest 200; a benchmark with thousands of visitors asks for more.
        let limitText = request.uri.queryParameters.get("limit")
        guard let limit = limitText.map({ Int($0) }) ?? 200, (1...100_000).contains(limit) else {
            throw OperatorActionError.badInput(field: "limit", reason: "limit is 1…100000")
        }
        let snapshots = try await engine.database.chatOverview(limit: limit)
        let budget = engine.storage.budgets.visitorBytes
        return try JSONResponse.make(snapshots.map { ConsoleChat($0, visitorBudget: budget) })
    }

    private func visitor(_ request: Request, context: ServiceRequestContext) async throws -> Response {
        let id = try Self.visitorID(context)
        guard let snapshot = try await engine.database.snapshot(visitorID: id) else {
            throw OperatorActionError.notFound("visitor")
        }
        return try JSONResponse.make(ConsoleChat(snapshot, visitorBudget: engine.storage.budgets.visitorBytes))
    }

    private func events(_ request: Request, context: ServiceRequestContext) async throws -> Response {
        let (id, events) = await engine.events.subscribe()
        let hub = engine.events
        return Response(
            status: .ok,
            headers: [
                .contentType: "text/event-stream", .cacheControl: "no-cache", .init("X-Accel-Buffering")!: "no",
            ],
            body: ResponseBody { writer in
                try await writer.write(ByteBuffer(string: "retry: 2000\n\n"))
                do {
                    for await event in events.cancelOnGracefulShutdown() {
                        let json = String(decoding: try WireCoding.makeEncoder().encode(event), as: UTF8.self)
                        try await writer.write(
                            ByteBuffer(string: "id: \(event.id)\nevent: \(event.kind)\ndata: \(json)\n\n")
                        )
                    }
                } catch {
                    await hub.unsubscribe(id)
                    throw error
                }
                await hub.unsubscribe(id)
                try await writer.finish(nil)
            }
        )
    }

    /// The `{visitor}` path parameter.
    static func visitorID(_ context: ServiceRequestContext) throws -> String {
        guard let id = context.parameters.get("visitor"), !id.isEmpty else {
            throw OperatorActionError.badInput(field: "visitor", reason: "visitor id missing")
        }
        return id
    }
}

/// A visitor and their current chat, as the console lists them.
struct ConsoleChat: Encodable {
    var visitorId: String
    var visitorName: String
    var location: String
    var banned: Bool
    var scenarioPaused: Bool
    var fields: [String: String]
    var chat: ChatItem?
    /// What the visitor stored against their budget, so that the console can flag one near it.
    var storage: Storage

    /// Bytes stored (uploads and message text, in every chat) and the per-visitor budget.
    struct Storage: Encodable {
        var usedBytes: Int64
        var budgetBytes: Int64
    }

    init(_ snapshot: VisitorSnapshot, visitorBudget: Int64) {
        visitorId = snapshot.visitor.id
        visitorName = snapshot.visitor.name
        location = snapshot.visitor.location
        banned = snapshot.visitor.banned
        scenarioPaused = snapshot.visitor.scenarioPaused
        fields = snapshot.visitor.fieldValues
        chat = snapshot.chat
        storage = Storage(usedBytes: snapshot.visitor.storedBytes, budgetBytes: visitorBudget)
    }
}
