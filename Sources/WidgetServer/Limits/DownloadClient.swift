import AsyncHTTPClient
import HTTPAPI
import NIOCore
import ServiceLifecycle

/// The HTTP client file downloads go through, sized for the tab count, and shut down with the server.
///
/// The shared client keeps 8 connections per host: eight slow readers of files would hold them all and every other
/// tab's images would wait. One connection per open tab, up to 512, cannot be used up by a few.
struct DownloadClient: TypeNamedService {
    let client: HTTPClient

    init(maxTabs: Int) {
        var configuration = HTTPClient.Configuration()
        configuration.connectionPool = .init(
            idleTimeout: .seconds(60),
            concurrentHTTP1ConnectionsPerHostSoftLimit: min(max(maxTabs, 8), WidgetConfiguration.downloadConnections)
        )
        configuration.timeout = .init(connect: .seconds(10), read: .seconds(30))
        client = HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
    }

    func run() async throws {
        try? await gracefulShutdown()
        try await client.shutdown()
    }
}
