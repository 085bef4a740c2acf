import HTTPAPI
import Hummingbird
import WebimClientLibrary

/// `GET /api/locations/{location}/status`: whether anyone answers at a location, before any tab exists. An embedded
/// launcher shows it (online, busy, or "Leave a message") while the visitor has not opened the chat or not yet given
/// consent, when there is no session to ask. `reachable` is false when the chat service did not answer at all: a
/// kiosk's attract screen then says the chat is unavailable instead of inviting a visitor into a chat that cannot send.
struct LocationStatusController {
    let locations: WebimLocationClient
    let cache = LocationCache<LocationStatus>(lifetime: .seconds(30))

    /// The route's answer.
    struct LocationStatus: Encodable, Sendable {
        var status: String
        var reachable: Bool
    }

    /// The route, below `/api/locations`.
    var endpoints: RouteCollection<WidgetRequestContext> {
        RouteCollection(context: WidgetRequestContext.self)
            .get("{location}/status", use: status)
    }

    private func status(_ request: Request, context: WidgetRequestContext) async throws -> Response {
        let location = context.parameters.get("location") ?? ""
        try Validation.key(location, field: "location", code: .invalidLocation)
        let status = await cache.value(location: location) { await fetchStatus(location: location) }
        return try JSONResponse.make(status)
    }

    /// The service's answer (`get-online-status`, PROTOCOL.md §9) in the page's names; `unknown` when it gives none.
    private func fetchStatus(location: String) async -> LocationStatus {
        guard let status = try? await locations.onlineStatus(location: location) else {
            return LocationStatus(status: Self.unknown, reachable: false)
        }
        return LocationStatus(status: status.contractName, reachable: true)
    }

    private static let unknown = OnlineStatus.unknown.contractName
}
