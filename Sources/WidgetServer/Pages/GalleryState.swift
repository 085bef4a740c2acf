import AsyncHTTPClient
import Foundation
import HTTPAPI

/// A state the gallery shows in its four looks: one of the chat service's named states (`GET /fixtures/states` of
/// the embedded service, from its `Scenarios/fixtures/states.yaml`), each a fixture location whose scenario brings a
/// new visitor into it by itself. The list lives there, with the scenarios; the gallery only reads it.
struct GalleryState: Codable, Sendable, Equatable {
    /// The `state` parameter's value.
    var name: String
    /// The link's words.
    var caption: String
    /// The scenario's location.
    var location: String
    /// What the state shows.
    var summary: String
    /// What the tester does to see the state, when it is not there at once.
    var hint: String?
    /// The page's own options for it (a kiosk's, say), a query string.
    var page: String?

    enum CodingKeys: String, CodingKey {
        case name
        case caption
        case location
        case summary
        case hint
        case page
    }
}

/// The chat service's named states, asked for once a minute at most.
struct GalleryStates: Sendable {
    let accountURL: String
    let client: HTTPClient
    let cache = LocationCache<[GalleryState]?>(lifetime: .seconds(60), capacity: 1)

    /// The service's path (`FixtureRoutes.statesPath` of the embedded service).
    static let path = "/fixtures/states"
    /// The most bytes read: a list of a few dozen states is a few KiB.
    static let maximumBytes = 64 * 1024

    private struct Answer: Decodable {
        var states: [GalleryState]
    }

    /// The states, in the service's order; a 502 naming the problem when the service lists none (an account's real
    /// service has no fixtures).
    func all() async throws -> [GalleryState] {
        let states = await cache.value(location: "") {
            try? await client.accountAnswer(accountURL, Self.path, query: [], limit: Self.maximumBytes, as: Answer.self)
                .states
        }
        guard let states, !states.isEmpty else {
            throw APIError(
                .statesUnavailable,
                "The chat service lists no named states (\(Self.path)): the gallery needs the embedded service."
            )
        }
        return states
    }
}
