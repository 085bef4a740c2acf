import HTTPAPI
import WebimClientLibrary
import WebimWire

/// The chat service's named states, asked for once a minute at most.
struct GalleryStates: Sendable {
    /// A client over HTTP whatever the sessions use: the embedded service lists its states on an HTTP route of its
    /// own, which its in-process transport does not carry.
    let locations: WebimLocationClient
    let cache = LocationCache<[NamedState]?>(lifetime: .seconds(60), capacity: 1)

    /// The states, in the service's order; a 502 naming the problem when the service lists none (an account's real
    /// service has no fixtures).
    func all() async throws -> [NamedState] {
        let states = await cache.value(location: "") { try? await locations.namedStates() }
        guard let states, !states.isEmpty else {
            throw APIError(
                .statesUnavailable,
                "The chat service lists no named states (\(NamedState.listPath)): the gallery needs the embedded service."
            )
        }
        return states
    }
}
