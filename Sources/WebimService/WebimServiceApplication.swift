import Foundation
public import Hummingbird
public import Logging
import NIOCore

/// Builds the embedded Webim-compatible service: protocol routes, the console's API and page, and the scenario runner.
///
/// - Parameter onServerRunning: called with the bound port once the service accepts connections.
public func makeServiceApplication(
    configuration: ServiceConfiguration,
    logger: Logger,
    onServerRunning: @escaping @Sendable (Int) async -> Void = { _ in }
) throws -> some ApplicationProtocol {
    try makeEmbeddedService(configuration: configuration, logger: logger, onServerRunning: onServerRunning).application
}

/// The service as above, plus a transport through which client cores in this process reach its routes
/// without a socket. The HTTP listener still serves the console, file downloads and any other client.
public func makeEmbeddedService(
    configuration: ServiceConfiguration,
    logger: Logger,
    onServerRunning: @escaping @Sendable (Int) async -> Void = { _ in }
) throws -> (application: some ApplicationProtocol, transport: InProcessTransport) {
    let configuration = try configuration.resolvingSecrets()
    guard let accountPrivateKey = configuration.accountPrivateKey, !accountPrivateKey.isEmpty,
        let consoleToken = configuration.consoleToken, !consoleToken.isEmpty
    else {
        throw SecretFile.Unusable(path: configuration.dataDirectory.path, reason: "an empty key or console token")
    }
    let database = try ServiceDatabase(directory: configuration.dataDirectory)
    let library = try ScenarioLibrary(directory: configuration.scenariosDirectory)
    try database.seedLocations(library.allLocations)
    let (triggers, triggerSink) = AsyncStream.makeStream(of: ScenarioTrigger.self)
    let engine = ChatEngine(
        database: database,
        library: library,
        files: try FileStore(directory: configuration.dataDirectory.appendingPathComponent("files")),
        events: ConsoleEventHub(),
        triggers: triggerSink,
        holdTimeout: configuration.holdTimeout,
        accountPrivateKey: accountPrivateKey,
        maximumDownloadLinkLifetime: configuration.maximumDownloadLinkLifetime,
        logger: logger
    )
    let router = Router(context: ServiceRequestContext.self)
    router.add(middleware: JSONErrorMiddleware(logger: logger))
    router.add(middleware: RequestGuardMiddleware(policy: configuration.originPolicy))
    router.add(middleware: ConsoleAccessMiddleware(token: consoleToken))
    let bodyLimit = BodyLimit(largestUpload: library.largestUploadSize)
    let wireHandler = WireHandler(engine: engine, bodyLimit: bodyLimit, logger: logger)
    ProtocolRoutes(handler: wireHandler).add(to: router)
    FileRoutes(engine: engine).add(to: router)
    OperatorConsoleRoutes(engine: engine, bodyLimit: bodyLimit).add(to: router)
    if let consoleDirectory = configuration.consoleDirectory {
        OperatorConsolePageRoutes(directory: consoleDirectory).add(to: router, logger: logger)
    }
    let application = Application(
        router: router,
        configuration: .init(
            address: .hostname(configuration.host, port: configuration.port),
            serverName: "webim-service"
        ),
        services: [
            ScenarioRunner(triggers: triggers, library: library, engine: engine, logger: logger),
            LogCheckpointService(database: database, interval: .milliseconds(500), logger: logger),
            IdleVisitorPruner(database: database, retention: configuration.idleVisitorRetention, logger: logger),
        ],
        onServerRunning: { channel in await onServerRunning(channel.localAddress?.port ?? configuration.port) },
        logger: logger
    )
    return (application, InProcessTransport(handler: wireHandler))
}
