import Foundation
import TestSupport

/// The real parts a fault scenario runs, as child processes on fixed loopback ports: `webim-widget service` and
/// `webim-widget serve --account` reaching it over HTTP, each with its own data folder, so either can be killed
/// and started again without the other.
struct FaultStack: Sendable {
    let directory: URL
    let http: BenchHTTP
    let service: ChildServer
    let widget: ChildServer
    let serviceURL: String
    let widgetURL: String
    /// Where the widget server keeps its tabs' folders.
    let tabsDirectory: URL
    /// The service's data folder, where it writes the console's token.
    private let serviceDataDirectory: URL
    /// Whether the service runs inside the widget server's process (`serve` without `--account`, the default
    /// deployment), reached in-process: then killing the widget server kills the service with it.
    let isServiceEmbedded: Bool

    /// `widgetArguments` are added to the widget server's options.
    init(
        directory: URL,
        binary: URL,
        http: BenchHTTP,
        widgetArguments: [String] = [],
        embeddedService: Bool = false
    ) throws {
        isServiceEmbedded = embeddedService
        self.directory = directory
        self.http = http
        let (servicePort, widgetPort) = (try FreePort.make(), try FreePort.make())
        serviceURL = "http://127.0.0.1:\(servicePort)"
        widgetURL = "http://127.0.0.1:\(widgetPort)"
        // `serve` with its embedded service keeps both in one data folder (`service/`, `widget/`).
        let serviceData = directory.appendingPathComponent(embeddedService ? "data" : "service-data")
        let widgetData = directory.appendingPathComponent(embeddedService ? "data" : "widget-data")
        serviceDataDirectory = serviceData
        tabsDirectory = widgetData.appendingPathComponent("widget/tabs")
        service = ChildServer(
            name: "service",
            binary: binary,
            arguments: [
                "service", "--port", String(servicePort), "--data-dir", serviceData.path, "--log-level", "warning",
            ],
            readyURL: serviceURL + "/operator",
            logDirectory: directory
        )
        widget = ChildServer(
            name: "widget",
            binary: binary,
            arguments: ["serve"]
                + (embeddedService
                    ? ["--service-port", String(servicePort), "--data-dir", widgetData.path]
                    : ["--account", serviceURL, "--data-dir", widgetData.path])
                + [
                    "--port", String(widgetPort), "--log-level", "warning", "--no-rate-limits", "--max-tabs",
                    "1000000", "--max-connections-per-client", "0", "--streams-per-tab", "1",
                ] + widgetArguments,
            readyURL: widgetURL + "/healthz",
            logDirectory: directory
        )
    }

    /// Starts the service, then the widget server; returns the console, signed in with the service's token.
    func start() async throws -> ConsoleDriver {
        if !isServiceEmbedded { try await service.start(http: http) }
        try await widget.start(http: http)
        let token = try ConsoleDriver.token(serviceDataDirectory: serviceDataDirectory)
        return ConsoleDriver(serviceURL: serviceURL, token: token, http: http)
    }

    /// Ends both gracefully.
    func stop() {
        widget.stop()
        if !isServiceEmbedded { service.stop() }
    }

    /// The webim-widget built beside this benchmark.
    static func binary() throws -> URL {
        let binary = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
            .deletingLastPathComponent().appendingPathComponent("webim-widget")
        guard FileManager.default.isExecutableFile(atPath: binary.path) else {
            throw BenchError("webim-widget is not built beside widget-bench (\(binary.path)); build both products")
        }
        return binary
    }
}
