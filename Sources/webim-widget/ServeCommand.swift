public import ArgumentParser
import Foundation
import Hummingbird
import Logging
import ServiceLifecycle
import UnixSignals
import WebimService
import WidgetServer

/// `webim-widget serve`: the widget server and, unless `--account` is given, the embedded chat service.
struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "serve", abstract: "Run the widget server.")

    @Option(help: "Interface both servers bind to.")
    var host = "127.0.0.1"

    @Option(help: "Widget server port (0 picks a free one).")
    var port = 8080

    @Option(help: "Embedded chat service port (0 picks a free one).")
    var servicePort = 8081

    @Option(help: "Where databases and files are kept.")
    var dataDir = ".webim-widget"

    @Option(help: "A real Webim account name or URL; no embedded service starts.")
    var account: String?

    @Option(help: "The folder holding Public/, Templates/ and Scenarios/ (found automatically by default).")
    var resources: String?

    @Option(help: "A JSON file of widget configurations for /preview; it is re-read when it changes.")
    var previewConfig: String?

    @Option(help: "Log level: trace, debug, info, notice, warning, error, critical.")
    var logLevel: Logger.Level = .info

    @Flag(help: "Turn off the per-tab request limits (for benchmarks that open thousands of tabs at once).")
    var noRateLimits = false

    @Flag(help: "Tab sessions reach the embedded service over loopback HTTP, as they would a real account.")
    var serviceOverHTTP = false

    @Flag(help: "Kiosk mode for every page (a shared touch screen), whatever the page's query says.")
    var kiosk = false

    @Option(help: "Kiosk mode: seconds without input before the reset countdown starts.")
    var kioskIdle = 90

    @Option(help: "Kiosk mode: seconds the countdown shows before the chat is erased for the next visitor.")
    var kioskCountdown = 15

    @Option(help: "Kiosk mode: comma-separated hosts whose links stay usable (all other links are inert).")
    var kioskAllowedHosts = ""

    func validate() throws {
        guard kioskIdle >= 1, kioskCountdown >= 1 else {
            throw ValidationError("--kiosk-idle and --kiosk-countdown are whole seconds, at least 1.")
        }
    }

    func run() async throws {
        var logger = Logger(label: "webim-widget")
        logger.logLevel = logLevel
        let root = try ResourceLocator.root(explicit: resources)
        let dataDirectory = URL(fileURLWithPath: dataDir, isDirectory: true)
        let previewFile = previewConfig.map { URL(fileURLWithPath: $0) }
        // A broken file stops here with its problem, rather than as an error page later.
        if let previewFile { try checkPreviewConfig(at: previewFile) }
        var launcher = WidgetLauncher(
            host: host,
            port: port,
            root: root,
            dataDirectory: dataDirectory.appendingPathComponent("widget"),
            rateLimited: !noRateLimits,
            kiosk: KioskConfiguration(
                forced: kiosk,
                idleTimeout: .seconds(kioskIdle),
                countdown: .seconds(kioskCountdown),
                allowedHosts: kioskAllowedHosts.split(separator: ",").map {
                    $0.trimmingCharacters(in: .whitespaces).lowercased()
                }.filter { !$0.isEmpty }
            ),
            previewConfigFile: previewFile,
            logger: logger
        )
        var services: [any Service] = []
        if let account {
            await launcher.accountURL.fulfil(account)
        } else {
            let (service, transport) = try makeEmbeddedService(
                configuration: ServiceConfiguration(
                    host: host,
                    port: servicePort,
                    dataDirectory: dataDirectory.appendingPathComponent("service"),
                    scenariosDirectory: root.appendingPathComponent("Scenarios"),
                    consoleDirectory: root.appendingPathComponent("Public/operator")
                ),
                logger: logger
            ) { [accountURL = launcher.accountURL] boundPort in
                await accountURL.fulfil("http://\(host):\(boundPort)")
            }
            // In-process by default: a tab's long-poll then costs no sockets (see InProcessTransport).
            if !serviceOverHTTP { launcher.serviceTransport = transport }
            services.append(service)
        }
        services.append(launcher)
        let group = ServiceGroup(
            configuration: .init(services: services, gracefulShutdownSignals: [.sigterm, .sigint], logger: logger)
        )
        try await group.run()
    }
}

extension Logger.Level: @retroactive ExpressibleByArgument {}
