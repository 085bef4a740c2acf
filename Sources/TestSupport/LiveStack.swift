public import Foundation
import Hummingbird
public import Logging
import ServiceLifecycle
public import WebimService
public import WidgetServer

/// The embedded service and the widget server, running on free loopback ports for one test.
public struct LiveStack: Sendable {
    /// The embedded service's base URL, as a client-core account URL.
    public var serviceURL: String
    /// The widget server's base URL, without a trailing slash.
    public var widgetURL: String
    /// The stack's data folder (service database, tab histories).
    public var dataDirectory: URL
    /// The widget server's drain, which a test starts as a graceful shutdown would, without the stop that follows.
    public var drain: ServerDrain

    /// Runs the embedded service alone, in `dataDirectory`, for as long as `body` runs; port 0 picks a free one.
    /// `scenarios` (location → scenario JSON) replaces the repository's scenarios, keeping `default`. Scenarios play
    /// without their `after:` delays unless `adjust` sets the pace back.
    public static func withService<Result: Sendable>(
        dataDirectory: URL,
        port: Int = 0,
        holdTimeout: Duration = .seconds(25),
        scenarios: [String: String] = [:],
        adjust: @Sendable (inout ServiceConfiguration) -> Void = { _ in },
        _ body: @Sendable (String) async throws -> Result
    ) async throws -> Result {
        let withoutTransport: @Sendable (String, InProcessTransport) async throws -> Result = { url, _ in
            try await body(url)
        }
        return try await withService(
            dataDirectory: dataDirectory,
            port: port,
            holdTimeout: holdTimeout,
            scenarios: scenarios,
            adjust: adjust,
            withoutTransport
        )
    }

    /// As above, also giving `body` the service's in-process transport.
    public static func withService<Result: Sendable>(
        dataDirectory: URL,
        port: Int = 0,
        holdTimeout: Duration = .seconds(25),
        scenarios: [String: String] = [:],
        adjust: @Sendable (inout ServiceConfiguration) -> Void = { _ in },
        _ body: @Sendable (String, InProcessTransport) async throws -> Result
    ) async throws -> Result {
        let logger = Self.makeLogger()
        let scenariosDirectory =
            scenarios.isEmpty
            ? repositoryRoot.appendingPathComponent("Scenarios")
            : try writeScenarios(scenarios, to: dataDirectory.appendingPathComponent("scenarios"))
        let (ports, portSink) = AsyncStream.makeStream(of: Int.self)
        var configuration = ServiceConfiguration(
            port: port,
            dataDirectory: dataDirectory.appendingPathComponent("service"),
            scenariosDirectory: scenariosDirectory,
            holdTimeout: holdTimeout,
            accountPrivateKey: VisitorFieldsSignature.testKey,
            consoleToken: OperatorConsoleClient.testToken,
            consoleDirectory: repositoryRoot.appendingPathComponent("Public/operator")
        )
        // A test checks what a scenario says and in what order, not when: nobody waits out a scripted delay. A test
        // about the delays gives the service a `ServerClock.manual` and the scripted pace, and moves the time itself.
        configuration.scenarioPace = .immediate
        adjust(&configuration)
        let (service, transport) = try await makeEmbeddedService(configuration: configuration, logger: logger) {
            portSink.yield($0)
        }
        return try await withRunning([service], logger: logger) {
            var iterator = ports.makeAsyncIterator()
            guard let port = await iterator.next() else { throw LiveStackError.didNotStart }
            return try await body("http://127.0.0.1:\(port)", transport)
        }
    }

    /// Runs the service and the widget server in a fresh data folder for as long as `body` runs; the widget
    /// reaches the service in-process, as `webim-widget serve` does.
    ///
    /// `scenarios` replaces the repository's scenarios as `withService`'s does. `adjust` changes the widget server's
    /// configuration (timeouts, ping interval) before it starts; `widgetLogger`,
    /// when given, is where the widget server logs (a test that reads its log lines).
    public static func withStack<Result: Sendable>(
        scenarios: [String: String] = [:],
        adjust: @Sendable (inout WidgetConfiguration) -> Void = { _ in },
        adjustService: @Sendable (inout ServiceConfiguration) -> Void = { _ in },
        widgetLogger: Logger? = nil,
        _ body: @Sendable (LiveStack) async throws -> Result
    ) async throws
        -> Result
    {
        try await withTemporaryDirectory { directory in
            try await withService(dataDirectory: directory, scenarios: scenarios, adjust: adjustService) {
                serviceURL,
                transport in
                try await withWidget(
                    accountURL: serviceURL,
                    serviceURL: serviceURL,
                    dataDirectory: directory,
                    adjust: {
                        $0.serviceTransport = transport
                        adjust(&$0)
                    },
                    logger: widgetLogger,
                    body
                )
            }
        }
    }

    /// Runs the widget server alone, its core talking to `accountURL` (the service, or a proxy in front of it); it
    /// logs to `logger` when one is given.
    public static func withWidget<Result: Sendable>(
        accountURL: String,
        serviceURL: String,
        dataDirectory directory: URL,
        adjust: @Sendable (inout WidgetConfiguration) -> Void = { _ in },
        logger: Logger? = nil,
        _ body: @Sendable (LiveStack) async throws -> Result
    ) async throws -> Result {
        let logger = logger ?? Self.makeLogger()
        let (ports, portSink) = AsyncStream.makeStream(of: Int.self)
        var configuration = WidgetConfiguration(
            port: 0,
            accountURL: accountURL,
            dataDirectory: directory.appendingPathComponent("widget"),
            publicDirectory: repositoryRoot.appendingPathComponent("Public"),
            templatesDirectory: repositoryRoot.appendingPathComponent("Templates")
        )
        adjust(&configuration)
        let widget = try await makeWidgetApplication(configuration: configuration, logger: logger) {
            portSink.yield($0)
        }
        return try await withRunning([widget], logger: logger) {
            var iterator = ports.makeAsyncIterator()
            guard let port = await iterator.next() else { throw LiveStackError.didNotStart }
            return try await body(
                LiveStack(
                    serviceURL: serviceURL,
                    widgetURL: "http://127.0.0.1:\(port)",
                    dataDirectory: directory,
                    drain: widget.drain
                )
            )
        }
    }

    /// A scenarios folder with the given files (name → JSON) beside the repository's `default.json`.
    private static func writeScenarios(_ scenarios: [String: String], to directory: URL) throws -> URL {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let defaultFile = repositoryRoot.appendingPathComponent("Scenarios/default.json")
        try FileManager.default.copyItem(at: defaultFile, to: directory.appendingPathComponent("default.json"))
        for (name, json) in scenarios {
            try Data(json.utf8).write(to: directory.appendingPathComponent("\(name).json"))
        }
        return directory
    }

    /// Runs services in a group beside `body`, then shuts them down gracefully.
    private static func withRunning<Result: Sendable>(
        _ services: [any Service],
        logger: Logger,
        _ body: @Sendable () async throws -> Result
    ) async throws -> Result {
        let group = ServiceGroup(configuration: .init(services: services, logger: logger))
        // The body runs beside the servers, not after them: a server that fails to start (its port taken) ends the
        // body, which would otherwise wait for a port that never comes. The task group ends both before returning, so
        // `body` does not outlive this call.
        return try await withoutActuallyEscaping(body) { body in
            try await withThrowingTaskGroup(of: Result?.self) { tasks in
                tasks.addTask {
                    try await group.run()
                    return nil
                }
                tasks.addTask {
                    do {
                        let result = try await body()
                        await group.triggerGracefulShutdown()
                        return result
                    } catch {
                        await group.triggerGracefulShutdown()
                        throw error
                    }
                }
                var result: Result?
                do {
                    for try await value in tasks where value != nil { result = value }
                } catch {
                    tasks.cancelAll()
                    throw error
                }
                guard let result else { throw LiveStackError.didNotStart }
                return result
            }
        }
    }

    private static func makeLogger() -> Logger {
        var logger = Logger(label: "test")
        logger.logLevel = .warning
        return logger
    }
}

/// Failures of the live stack itself.
public enum LiveStackError: Error {
    case didNotStart
}
