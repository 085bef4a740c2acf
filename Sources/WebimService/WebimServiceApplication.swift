import Foundation
public import HTTPAPI
import Hummingbird
public import Logging
import NIOCore
import WebimWire

/// Builds the embedded Webim-compatible service: protocol routes, the console's API and page, and the scenario runner.
///
/// - Parameter onServerRunning: called with the bound port once the service accepts connections.
public func makeServiceApplication(
    configuration: ServiceConfiguration,
    logger: Logger,
    onServerRunning: @escaping @Sendable (Int) async -> Void = { _ in }
) async throws -> NamedService {
    try await makeEmbeddedService(configuration: configuration, logger: logger, onServerRunning: onServerRunning)
        .application
}

/// The service as above, plus a transport through which client cores in this process reach its routes
/// without a socket. The HTTP listener still serves the console, file downloads and any other client.
public func makeEmbeddedService(
    configuration: ServiceConfiguration,
    logger: Logger,
    onServerRunning: @escaping @Sendable (Int) async -> Void = { _ in }
) async throws -> (application: NamedService, transport: InProcessTransport) {
    // Opening the database syncs to disk and the scenarios are decoded: off the cooperative pool, which a process
    // running several servers (the tests) shares between them.
    try await awaitBlockingWork {
        try buildEmbeddedService(configuration: configuration, logger: logger, onServerRunning: onServerRunning)
    }
}

private func buildEmbeddedService(
    configuration: ServiceConfiguration,
    logger: Logger,
    onServerRunning: @escaping @Sendable (Int) async -> Void
) throws -> (application: NamedService, transport: InProcessTransport) {
    let parts = try ServiceParts(configuration: configuration, logger: logger)
    let database = parts.engine.database
    let application = Application(
        responder: PathRuleResponder(
            wrapping: parts.router.buildResponder(),
            namePrefixes: [WireEndpoint.download + "/"]
        ),
        server: .http1(limits: configuration.connectionLimits, logger: logger),
        configuration: .init(
            address: .hostname(configuration.host, port: configuration.port),
            serverName: "webim-service"
        ),
        services: [
            ScenarioRunner(
                triggers: parts.triggers,
                library: parts.engine.library,
                engine: parts.engine,
                logger: logger,
                pace: configuration.scenarioPace
            ),
            LogCheckpointService(database: database, interval: .milliseconds(500), logger: logger),
            IdleVisitorPruner(
                database: database,
                retention: configuration.idleVisitorRetention,
                logger: logger,
                chattedRetention: configuration.storageBudgets.retention,
                files: parts.engine.files
            ),
        ],
        onServerRunning: { channel in await onServerRunning(channel.localAddress?.port ?? configuration.port) },
        logger: logger
    )
    return (NamedService("webim-service", application), InProcessTransport(handler: parts.wireHandler))
}
