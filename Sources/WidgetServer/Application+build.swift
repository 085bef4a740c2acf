import Foundation
public import Hummingbird
public import Logging
import Mustache
import NIOCore

/// Builds the widget server: the page, static files, tabs and their event streams.
///
/// - Parameter onServerRunning: called with the bound port once the server accepts connections.
public func makeWidgetApplication(
    configuration: WidgetConfiguration,
    logger: Logger,
    onServerRunning: @escaping @Sendable (Int) async -> Void = { _ in }
) async throws -> some ApplicationProtocol {
    let templates = try await MustacheLibrary(directory: configuration.templatesDirectory.path)
    let registry = TabRegistry()
    let router = Router(context: BasicRequestContext.self)
    router.add(middleware: FileMiddleware(configuration.publicDirectory.path, urlBasePath: "/static", logger: logger))
    PageRoutes(templates: templates, registry: registry, configuration: configuration).add(to: router)
    TabRoutes(registry: registry, configuration: configuration, logger: logger).add(to: router)
    EventStreamRoute(registry: registry).add(to: router)
    return Application(
        router: router,
        configuration: .init(
            address: .hostname(configuration.host, port: configuration.port),
            serverName: "webim-widget"
        ),
        services: [TabShutdown(registry: registry)],
        onServerRunning: { channel in await onServerRunning(channel.localAddress?.port ?? configuration.port) },
        logger: logger
    )
}
