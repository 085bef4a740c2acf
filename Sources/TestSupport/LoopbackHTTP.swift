public import AsyncHTTPClient
import NIOCore

/// The HTTP client for tests that hold many streams to one server at once (`HTTPClient.shared` keeps at most 8
/// connections per host, so a ninth event stream would wait for one of the others to end).
public enum LoopbackHTTP {
    public static let client: HTTPClient = {
        var configuration = HTTPClient.Configuration.singletonConfiguration
        configuration.connectionPool = .init(
            idleTimeout: .seconds(60),
            concurrentHTTP1ConnectionsPerHostSoftLimit: 1024
        )
        return HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
    }()
}
