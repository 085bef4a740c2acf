import AsyncHTTPClient
import Foundation
import HTTPAPI
import Hummingbird
import WebimClientLibrary
import WebimWire

/// `GET /api/locations/{location}/status`: whether anyone answers at a location, before any tab exists. An embedded
/// launcher shows it (online, busy, or "Leave a message") while the visitor has not opened the chat or not yet given
/// consent, when there is no session to ask.
struct LocationStatusController {
    let accountURL: String
    let client: HTTPClient
    let cache = LocationCache<String>(lifetime: .seconds(30))

    /// The route, below `/api/locations`.
    var endpoints: RouteCollection<WidgetRequestContext> {
        RouteCollection(context: WidgetRequestContext.self)
            .get("{location}/status", use: status)
    }

    private func status(_ request: Request, context: WidgetRequestContext) async throws -> Response {
        let location = context.parameters.get("location") ?? ""
        try Validation.key(location, field: "location", code: .invalidLocation)
        let status = await cache.value(location: location) { await fetchStatus(location: location) }
        return try JSONResponse.make(["status": status])
    }

    /// The service's answer (`get-online-status`, PROTOCOL.md §9) in the page's names; `unknown` when it gives none.
    private func fetchStatus(location: String) async -> String {
        let answer = try? await client.accountAnswer(
            accountURL,
            WireEndpoint.onlineStatus,
            query: [(WireParameter.location, location)],
            limit: 64 * 1024,
            as: OnlineStatusResponse.self
        )
        return answer.map { OnlineStatus(wireValue: $0.onlineStatus).contractName } ?? Self.unknown
    }

    private static let unknown = OnlineStatus.unknown.contractName
}
