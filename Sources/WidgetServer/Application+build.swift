import AsyncHTTPClient
import Foundation
import HTTPAPI
import Hummingbird
public import Logging
import Mustache
import NIOCore
import WebimClientLibrary

/// Builds the widget server: the page, static files, tabs and their event streams, and the drain before it stops.
///
/// - Parameter onServerRunning: called with the bound port once the server accepts connections.
public func makeWidgetApplication(
    configuration requested: WidgetConfiguration,
    logger: Logger,
    onServerRunning: @escaping @Sendable (Int) async -> Void = { _ in }
) async throws -> WidgetApplication {
    let configuration = fittedToDescriptors(requested, logger: logger)
    let templates = try LocalizedTemplates(configuration: configuration)
    let registry = TabRegistry()
    // Opening the history store syncs to disk: off the cooperative pool, which a test process shares with others.
    let storage = try await awaitBlockingWork { [metrics = registry.metrics.factory] in
        try TabStorage(dataDirectory: configuration.dataDirectory, metrics: metrics)
    }
    let folderBudget = DataFolderBudget(
        directory: configuration.dataDirectory,
        budgetBytes: configuration.storageBudget
    )
    // The questions asked before any tab exists go the way the tabs' sessions go: in-process to the embedded service,
    // or HTTP to the account's server.
    let locations = WebimLocationClient(accountURL: configuration.accountURL, transport: configuration.serviceTransport)
    let reachability = ServiceReachability(locations: locations, clock: configuration.clock)
    // Asked now, while the server starts: the first /healthz, which is how a supervisor or a load balancer learns
    // that the server is up, then finds the answer instead of waiting for a cold client's first request.
    Task { _ = await reachability.isReachable() }
    let opener = TabOpener(registry: registry, storage: storage, configuration: configuration, logger: logger)
    let downloads = DownloadClient(maxTabs: configuration.maxTabs)
    let drain = ServerDrain(
        registry: registry,
        timeout: configuration.drainTimeout,
        clock: configuration.clock,
        logger: logger
    )
    let router = makeWidgetRouter(
        templates: templates,
        registry: registry,
        storage: storage,
        folderBudget: folderBudget,
        downloads: downloads.client,
        drain: drain,
        locations: locations,
        reachability: reachability,
        configuration: configuration,
        logger: logger
    )
    let application = Application(
        responder: PathRuleResponder(wrapping: router.buildResponder()),
        server: .http1(limits: configuration.effectiveConnectionLimits, logger: logger),
        configuration: .init(
            address: .hostname(configuration.host, port: configuration.port),
            serverName: "webim-widget"
        ),
        services: [
            TabReaper(
                registry: registry,
                idleTimeout: configuration.tabIdleTimeout,
                sweeper: TabDataSweeper(
                    storage: storage,
                    retention: configuration.tabDataRetention,
                    budget: configuration.tabDataBudget,
                    registry: registry,
                    logger: logger,
                    folderBudget: folderBudget
                ),
                logger: logger,
                clock: configuration.clock
            ),
            TabShutdown(registry: registry),
            StreamPinger(registry: registry, interval: configuration.pingInterval),
            KeptOutboxDrainer(opener: opener, logger: logger),
            downloads,
        ],
        onServerRunning: { channel in await onServerRunning(channel.localAddress?.port ?? configuration.port) },
        logger: logger
    )
    return WidgetApplication(drain: drain, application: NamedService("webim-widget", application), logger: logger)
}

/// The router with every route of the contract.
func makeWidgetRouter(
    templates: LocalizedTemplates,
    registry: TabRegistry,
    storage: TabStorage,
    folderBudget: DataFolderBudget,
    downloads: HTTPClient,
    drain: ServerDrain,
    locations: WebimLocationClient,
    reachability: ServiceReachability,
    configuration: WidgetConfiguration,
    logger: Logger
) -> Router<WidgetRequestContext> {
    let router = Router(context: WidgetRequestContext.self)
    // First, so that every request counts, refused ones too, until its answer is ready.
    router.add(middleware: InFlightRequestMiddleware(drain: drain))
    // Outside every other middleware, so that no HTML leaves without a policy saying who may frame it (the page's
    // own, or `'none'` for the static files that no page frames).
    router.add(middleware: DocumentPolicyMiddleware(defaults: PageSecurityHeaders.make(frameAncestors: [])))
    router.add(middleware: APIErrorMiddleware(logger: logger))
    router.add(middleware: RequestGuardMiddleware(policy: configuration.originPolicy))
    router.add(
        middleware: RateLimitMiddleware(
            tabActions: RateLimiter(rule: configuration.tabActionRate),
            tabCreation: RateLimiter(rule: configuration.tabCreationRate),
            trustedProxies: Set(configuration.trustedProxies)
        )
    )
    router.addRoutes(StaticFileController(publicDirectory: configuration.publicDirectory).endpoints)
    router.addRoutes(PageController(templates: templates, configuration: configuration).endpoints)
    router.addRoutes(
        HealthController(registry: registry, drain: drain, configuration: configuration, reachability: reachability)
            .endpoints
    )
    let levels = MetricLevels(
        registry: registry,
        drain: drain,
        folderBudget: folderBudget,
        maxTabs: configuration.maxTabs,
        factory: registry.metrics.factory
    )
    router.addRoutes(
        MetricsController(metrics: registry.metrics, levels: levels, token: configuration.metricsToken).endpoints
    )
    let previewFile = configuration.previewConfigFile.map { PreviewConfigFile(url: $0, logger: logger) }
    router.addRoutes(
        PreviewController(
            templates: templates.templates(in: "en"),
            file: previewFile,
            configuration: configuration,
            galleryStates: GalleryStates(locations: WebimLocationClient(accountURL: configuration.accountURL))
        ).endpoints
    )
    let crashPoint = CrashPoint(afterMessages: configuration.crashAfterMessages)
    let files = FileController(
        registry: registry,
        limitsCache: LocationCache(),
        folderBudget: folderBudget,
        downloads: downloads,
        crashPoint: crashPoint,
        kioskUploads: configuration.kiosk.uploads
    )
    let tabs: [RouteCollection<WidgetRequestContext>] = [
        TabController(registry: registry, storage: storage, drain: drain, configuration: configuration, logger: logger)
            .endpoints,
        EventStreamController(registry: registry).endpoints,
        MessageController(registry: registry, folderBudget: folderBudget, crashPoint: crashPoint).endpoints,
        ActionController(registry: registry).endpoints,
        SurveyController(registry: registry).endpoints,
        HintsController(registry: registry).endpoints,
        files.endpoints,
        UploadController(files: files).endpoints,
        HistoryController(registry: registry).endpoints,
    ]
    for collection in tabs { router.addRoutes(collection, atPath: "/api/tabs") }
    router.addRoutes(
        LocationStatusController(locations: locations).endpoints,
        atPath: "/api/locations"
    )
    router.addRoutes(
        PrechatController(locations: locations).endpoints,
        atPath: "/api/locations"
    )
    router.addRoutes(
        WidgetOptionsController(defaultLocation: configuration.defaultLocation).endpoints,
        atPath: "/api/widget-options"
    )
    // Last, so that it stands only in front of the not-found responder, with every route known.
    router.add(middleware: UnroutedRequestMiddleware(routes: router))
    return router
}

/// The routes the server registers, as `METHOD /path` read from its router, for the test that holds them against
/// `openapi.yaml`.
func registeredRoutes(configuration: WidgetConfiguration) throws -> [String] {
    let registry = TabRegistry()
    let logger = Logger(label: "routes")
    let locations = WebimLocationClient(accountURL: configuration.accountURL)
    let router = makeWidgetRouter(
        templates: try LocalizedTemplates(configuration: configuration),
        registry: registry,
        storage: try .withHistoryInMemory(tabsDirectory: configuration.dataDirectory.appendingPathComponent("tabs")),
        folderBudget: DataFolderBudget(directory: configuration.dataDirectory, budgetBytes: .max),
        downloads: .shared,
        drain: ServerDrain(registry: registry, timeout: .zero, clock: .system, logger: logger),
        locations: locations,
        reachability: ServiceReachability(locations: locations, clock: .system),
        configuration: configuration,
        logger: logger
    )
    return router.routes.map { "\($0.method.rawValue) \($0.path)" }
}

/// `configuration` with `maxTabs` lowered to what the process's descriptors hold, with a warning when it was.
private func fittedToDescriptors(_ configuration: WidgetConfiguration, logger: Logger) -> WidgetConfiguration {
    let budget = DescriptorBudget(for: configuration, limit: OpenFileLimit.soft)
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
