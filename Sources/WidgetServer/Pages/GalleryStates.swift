import AsyncHTTPClient
import Foundation
import HTTPAPI
import WebimWire

/// The chat service's named states, asked for once a minute at most.
struct GalleryStates: Sendable {
    let accountURL: String
    let client: HTTPClient
    let cache = LocationCache<[NamedState]?>(lifetime: .seconds(60), capacity: 1)

    /// The most bytes read: a list of a few dozen states is a few KiB.
    static let maximumBytes = 64 * 1024

    private struct Answer: Decodable {
        var states: [NamedState]
    }

    /// The states, in the service's order; a 502 naming the problem when the service lists none (an account's real
    /// service has no fixtures).
    func all() async throws -> [NamedState] {
        let states = await cache.value(location: "") {
            try? await client.accountAnswer(
                accountURL,
                NamedState.listPath,
                query: [],
                limit: Self.maximumBytes,
                as: Answer.self
            )
            .states
        }
        guard let states, !states.isEmpty else {
            throw APIError(
                .statesUnavailable,
                "The chat service lists no named states (\(NamedState.listPath)): the gallery needs the embedded service."
            )
        }
        return states
    }
}
