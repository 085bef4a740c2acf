import AsyncHTTPClient
import NIOCore

/// The HTTP client every session of the process shares.
///
/// Like `HTTPClient.shared`, but without its limit of 8 connections per host: each session holds one
/// connection in its delta long-poll for up to 25 s, so the ninth session on one server would wait for a
/// connection (a widget server runs a session per browser tab).
enum SessionHTTPClient {
    static let shared: HTTPClient = {
        var configuration = HTTPClient.Configuration.singletonConfiguration
        configuration.connectionPool = .init(
            idleTimeout: .seconds(60),
            concurrentHTTP1ConnectionsPerHostSoftLimit: 1 << 20
        )
        return HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
    }()

    /// For requests that leave the account's server (the hints service's): a 3xx is the answer, never followed.
    static let withoutRedirects: HTTPClient = {
        var configuration = HTTPClient.Configuration.singletonConfiguration
        configuration.redirectConfiguration = .disallow
        return HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
    }()
}
