import Foundation
import Hummingbird
import Logging

/// `POST /api/tabs` and `DELETE /api/tabs/{tab}`: a tab's life.
struct TabRoutes {
    let registry: TabRegistry
    let configuration: WidgetConfiguration
    let logger: Logger

    func add(to router: Router<BasicRequestContext>, table: RouteTable) {
        table.add(.post, "/api/tabs", on: router) { request, _ in try await createTab(request) }
        table.add(.delete, "/api/tabs/{tab}", on: router) { request, context in try await deleteTab(request, context) }
    }

    private struct CreateTab: Decodable {
        var location: String?
        var locale: String?
        var visitorFields: String?
        var departmentKey: String?
        var prechat: String?
    }

    private func createTab(_ request: Request) async throws -> Response {
        let body = try await JSONBody.decode(CreateTab.self, from: request, allowEmpty: true)
        let location = body.location ?? configuration.defaultLocation
        try Validation.key(location, field: "location")
        if let locale = body.locale, !["en", "ru"].contains(locale) {
            throw APIError.badRequest("invalid_locale", "locale is en or ru.", field: "locale")
        }
        if let fields = body.visitorFields { try Validation.jsonObject(fields, field: "visitorFields") }
        if let key = body.departmentKey { try Validation.key(key, field: "departmentKey") }
        if let prechat = body.prechat { try Validation.length(prechat, atMost: 4096, field: "prechat") }
        let tab = registry.makeTab(streamQueueCapacity: configuration.streamQueueCapacity)
        do {
            try await tab.start(
                accountURL: configuration.accountURL,
                options: .init(
                    location: location,
                    visitorFields: body.visitorFields,
                    prechat: body.prechat,
                    departmentKey: body.departmentKey
                ),
                storageDirectory: configuration.dataDirectory.appendingPathComponent("tabs")
                    .appendingPathComponent(tab.id)
            )
        } catch {
            _ = registry.remove(id: tab.id)
            logger.error("could not start a tab session", metadata: ["error": "\(error)"])
            throw APIError(
                status: .serviceUnavailable,
                code: "session_failed",
                message: "The chat session could not start."
            )
        }
        return try JSONBody.response(["tabId": tab.id], status: .created)
    }

    private func deleteTab(_ request: Request, _ context: BasicRequestContext) async throws -> Response {
        let clear = request.uri.queryParameters.get("clear")
        guard clear == nil || clear == "1" || clear == "0" else {
            throw APIError.badRequest("invalid_clear", "clear is 1 or 0.", field: "clear")
        }
        guard let id = context.parameters.get("tab"), let tab = registry.remove(id: id) else {
            throw APIError.unknownTab
        }
        await tab.close(clearingVisitorData: clear == "1")
        return Response(status: .noContent)
    }
}

extension TabRegistry {
    /// The tab named by the path's `{tab}`, marked as used; 404 when there is none.
    func tab(_ context: BasicRequestContext) throws -> TabSession {
        guard let id = context.parameters.get("tab"), let tab = tab(id: id) else { throw APIError.unknownTab }
        tab.events.touch()
        return tab
    }
}
