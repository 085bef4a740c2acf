import Foundation
import Hummingbird
import Logging

/// `POST /api/tabs` and the tab's actions.
struct TabRoutes {
    let registry: TabRegistry
    let configuration: WidgetConfiguration
    let logger: Logger

    func add(to router: Router<BasicRequestContext>) {
        router.post("/api/tabs") { request, _ in try await createTab(request) }
        router.post("/api/tabs/{tab}/messages") { request, context in try await sendMessage(request, context) }
    }

    private struct CreateTab: Decodable {
        var location: String?
    }

    private func createTab(_ request: Request) async throws -> Response {
        let body = try await JSONBody.decode(CreateTab.self, from: request, allowEmpty: true)
        let location = body.location ?? configuration.defaultLocation
        guard Self.isValidLocation(location) else {
            throw APIError.badRequest(
                "invalid_location",
                "A location is 1–64 letters, digits, '-' or '_'.",
                field: "location"
            )
        }
        let tab = registry.makeTab()
        do {
            try await tab.start(
                accountURL: configuration.accountURL,
                location: location,
                storageDirectory: configuration.dataDirectory.appendingPathComponent("tabs").appendingPathComponent(
                    tab.id
                )
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

    private struct SendMessage: Decodable {
        var text: String
        var clientId: String
    }

    private func sendMessage(_ request: Request, _ context: BasicRequestContext) async throws -> Response {
        let tab = try tab(context)
        let body = try await JSONBody.decode(SendMessage.self, from: request)
        guard !body.text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else {
            throw APIError.badRequest("empty_text", "A message needs some text.", field: "text")
        }
        guard body.text.count <= 10_000 else {
            throw APIError(
                status: .contentTooLarge,
                code: "text_too_long",
                message: "A message is at most 10,000 characters."
            )
        }
        guard Self.isValidClientID(body.clientId) else {
            throw APIError.badRequest(
                "invalid_client_id",
                "clientId is 8–64 letters, digits, '-' or '_'.",
                field: "clientId"
            )
        }
        let messageID = try await tab.send(text: body.text, clientID: body.clientId)
        return try JSONBody.response(["messageId": messageID], status: .accepted)
    }

    private func tab(_ context: BasicRequestContext) throws -> TabSession {
        guard let id = context.parameters.get("tab"), let tab = registry.tab(id: id) else { throw APIError.unknownTab }
        return tab
    }

    private static func isValidLocation(_ value: String) -> Bool { isToken(value, length: 1...64) }

    private static func isValidClientID(_ value: String) -> Bool { isToken(value, length: 8...64) }

    private static func isToken(_ value: String, length: ClosedRange<Int>) -> Bool {
        length.contains(value.count)
            && value.unicodeScalars.allSatisfy {
                $0.isASCII && (CharacterSet.alphanumerics.contains($0) || $0 == "-" || $0 == "_")
            }
    }
}
