import AsyncHTTPClient
import Foundation
public import Hummingbird
public import Logging
import Mustache
import NIOCore
import WebimClientLibrary

/// Builds the widget server: the page, static files, tabs and their event streams.
///
/// - Parameter onServerRunning: called with the bound port once the server accepts connections.
public func makeWidgetApplication(
    configuration requested: WidgetConfiguration,
    logger: Logger,
    onServerRunning: @escaping @Sendable (Int) async -> Void = { _ in }
) async throws -> some ApplicationProtocol {
    let configuration = fittedToDescriptors(requested, logger: logger)
    let templates = try MustacheLibrary(compactedTemplatesIn: configuration.templatesDirectory)
    let registry = TabRegistry()
    let opener = TabOpener(registry: registry, configuration: configuration, logger: logger)
    let downloads = DownloadClient(maxTabs: configuration.maxTabs)
    let router = makeWidgetRouter(
        templates: templates,
        registry: registry,
        downloads: downloads.client,
        configuration: configuration,
        logger: logger
    )
    return Application(
        router: router,
        configuration: .init(
            address: .hostname(configuration.host, port: configuration.port),
            serverName: "webim-widget"
        ),
        services: [
            TabReaper(
                registry: registry,
                idleTimeout: configuration.tabIdleTimeout,
                sweeper: TabDataSweeper(
                    tabsDirectory: opener.tabsDirectory,
                    retention: configuration.tabDataRetention,
                    budget: configuration.tabDataBudget,
                    registry: registry,
                    logger: logger
                ),
                logger: logger
            ),
            TabShutdown(registry: registry),
            KeptOutboxDrainer(opener: opener, logger: logger),
            downloads,
        ],
        onServerRunning: { channel in await onServerRunning(channel.localAddress?.port ?? configuration.port) },
        logger: logger
    )
}

/// The router with every route of the contract; `table` records them for the OpenAPI test.
func makeWidgetRouter(
    templates: MustacheLibrary,
    registry: TabRegistry,
    downloads: HTTPClient,
    configuration: WidgetConfiguration,
    logger: Logger,
    table: RouteTable = RouteTable()
) -> Router<WidgetRequestContext> {
    let router = Router(context: WidgetRequestContext.self)
    router.add(middleware: APIErrorMiddleware(logger: logger, routes: table))
    router.add(middleware: RequestGuardMiddleware(policy: configuration.originPolicy))
    router.add(
        middleware: RateLimitMiddleware(
            tabActions: RateLimiter(rule: configuration.tabActionRate),
            tabCreation: RateLimiter(rule: configuration.tabCreationRate)
        )
    )
    StaticFileRoutes(publicDirectory: configuration.publicDirectory).add(to: router, table: table)
    PageRoutes(templates: templates, registry: registry, configuration: configuration).add(to: router, table: table)
    PreviewRoutes(
        templates: templates,
        file: configuration.previewConfigFile.map(PreviewConfigFile.init),
        configuration: configuration
    ).add(to: router, table: table)
    TabRoutes(registry: registry, configuration: configuration, logger: logger).add(to: router, table: table)
    EventStreamRoute(registry: registry, pingInterval: configuration.pingInterval).add(to: router, table: table)
    let crashPoint = CrashPoint(afterMessages: configuration.crashAfterMessages)
    MessageRoutes(registry: registry, crashPoint: crashPoint).add(to: router, table: table)
    ActionRoutes(registry: registry).add(to: router, table: table)
    FileRoutes(registry: registry, limitsCache: LocationCache(), downloads: downloads, crashPoint: crashPoint)
        .add(to: router, table: table)
    HistoryRoutes(registry: registry).add(to: router, table: table)
    LocationStatusRoutes(accountURL: configuration.accountURL, client: downloads).add(to: router, table: table)
    return router
}

/// The routes the server registers, as `METHOD /path`, for the test that holds them against `openapi.yaml`.
func registeredRoutes(configuration: WidgetConfiguration) async throws -> [String] {
    let table = RouteTable()
    _ = makeWidgetRouter(
        templates: try MustacheLibrary(compactedTemplatesIn: configuration.templatesDirectory),
        registry: TabRegistry(),
        downloads: .shared,
        configuration: configuration,
        logger: Logger(label: "routes"),
        table: table
    )
    return table.all
}

/// `configuration` with `maxTabs` lowered to what the process's descriptors hold, with a warning when it was.
private func fittedToDescriptors(_ configuration: WidgetConfiguration, logger: Logger) -> WidgetConfiguration {
    let budget = DescriptorBudget(
        limit: OpenFileLimit.soft,
        socketsPerTab: configuration.serviceTransport == nil ? 2 : 1,
        openHistoryDatabases: Webim.maximumOpenHistoryDatabases
    )
    guard budget.maximumTabs < configuration.maxTabs else { return configuration }
    logger.warning(
        "fewer tabs than --max-tabs fit in the descriptor limit; raise it (ulimit -n) for more",
        metadata: [
            "maxTabs": "\(budget.maximumTabs)", "descriptorLimit": "\(budget.limit)",
            "requested": "\(configuration.maxTabs)",
        ]
    )
    var fitted = configuration
    fitted.maxTabs = budget.maximumTabs
    return fitted
}
