import Foundation
import HTTPAPI
import Hummingbird
import Logging

/// What the service is made of before it listens: the chat engine, the protocol's handler, the router in front of
/// both, and the scenario triggers its runner reads.
struct ServiceParts {
    let engine: ChatEngine
    /// The protocol's answers, for the HTTP routes and the in-process transport alike.
    let wireHandler: WireHandler
    let router: Router<ServiceRequestContext>
    let triggers: AsyncStream<ScenarioTrigger>

    /// Opens the database and scenarios under `configuration` (its secrets read or made) and builds the routes.
    init(configuration: ServiceConfiguration, logger: Logger) throws {
        let configuration = try configuration.resolvingSecrets()
        guard let accountPrivateKey = configuration.accountPrivateKey, !accountPrivateKey.isEmpty,
            let consoleToken = configuration.consoleToken, !consoleToken.isEmpty
        else {
            throw SecretFile.Unusable(path: configuration.dataDirectory.path, reason: "an empty key or console token")
        }
        // The scenarios are decoded while the database opens: one waits on the disk's syncs, the other is all CPU.
        let scenarios = BackgroundResult { [directory = configuration.scenariosDirectory] in
            try ScenarioLibrary(directory: directory)
        }
        let database = try ServiceDatabase(directory: configuration.dataDirectory, clock: configuration.clock)
        let library = try scenarios.get()
        try database.seedLocations(library.allLocations)
        let (triggers, triggerSink) = AsyncStream.makeStream(of: ScenarioTrigger.self)
        let filesDirectory = configuration.dataDirectory.appendingPathComponent("files")
        let usage = DataFolderUsage(databaseDirectory: configuration.dataDirectory, filesDirectory: filesDirectory)
        engine = ChatEngine(
            database: database,
            library: library,
            files: try FileStore(directory: filesDirectory, usage: usage, clock: configuration.clock),
            storage: StorageGuard(budgets: configuration.storageBudgets, usage: usage),
            events: ConsoleEventHub(),
            triggers: triggerSink,
            holdTimeout: configuration.holdTimeout,
            accountPrivateKey: accountPrivateKey,
            maximumDownloadLinkLifetime: configuration.maximumDownloadLinkLifetime
        )
        self.triggers = triggers
        let bodyLimit = BodyLimit(largestUpload: library.largestUploadSize)
        wireHandler = WireHandler(engine: engine, bodyLimit: bodyLimit, logger: logger)
        router = Self.makeRouter(
            engine: engine,
            wireHandler: wireHandler,
            bodyLimit: bodyLimit,
            consoleToken: consoleToken,
            configuration: configuration,
            logger: logger
        )
    }

    /// The protocol's routes and the console's API and page, behind the error answers and the checks every request
    /// passes.
    private static func makeRouter(
        engine: ChatEngine,
        wireHandler: WireHandler,
        bodyLimit: BodyLimit,
        consoleToken: String,
        configuration: ServiceConfiguration,
        logger: Logger
    ) -> Router<ServiceRequestContext> {
        let router = Router(context: ServiceRequestContext.self)
        // First, so that every HTML the service sends, the console's files under `FileMiddleware` included, carries a
        // policy that lets no page frame it: the console acts with the operator's cookie.
        router.add(middleware: DocumentPolicyMiddleware(defaults: OperatorConsolePageRoutes.documentHeaders))
        router.add(middleware: APIErrorMiddleware(logger: logger))
        router.add(middleware: WireErrorMiddleware(logger: logger))
        router.add(middleware: RequestGuardMiddleware(policy: configuration.originPolicy))
        ProtocolRoutes(handler: wireHandler).add(to: router)
        FileRoutes(engine: engine).add(to: router)
        FixtureRoutes(states: engine.library.namedStates).add(to: router)
        let token = ConsoleToken(value: consoleToken)
        router.group(RouterPath(OperatorConsoleController.prefix))
            .add(middleware: ConsoleTokenMiddleware(token: token))
            .addRoutes(OperatorConsoleController(engine: engine, bodyLimit: bodyLimit).endpoints)
        if let consoleDirectory = configuration.consoleDirectory {
            OperatorConsolePageRoutes(directory: consoleDirectory)
                .add(to: router, door: ConsolePageDoorMiddleware(token: token), logger: logger)
        }
        return router
    }
}

/// The routes the service registers, as `METHOD /path` read from its router, for the test that holds the console's
/// against `Public/operator/openapi.yaml`.
func registeredRoutes(configuration: ServiceConfiguration) throws -> [String] {
    let router = try ServiceParts(configuration: configuration, logger: Logger(label: "routes")).router
    return router.routes.map { "\($0.method.rawValue) \($0.path)" }
}
