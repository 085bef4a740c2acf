import ArgumentParser
import Foundation
import Hummingbird
import Logging
import ServiceLifecycle
import UnixSignals
import WebimService
import WidgetServer

/// `webim-widget service`: the embedded chat service alone, operator console included, so that a widget server in
/// another process (`serve --account URL`) can reach it over HTTP, and either can stop without the other.
struct ServiceCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "service",
        abstract: "Run the embedded chat service and its operator console alone."
    )

    @Option(help: "Interface the service binds to.")
    var host = ServiceConfiguration.Defaults.host

    @Option(help: "Port (0 picks a free one).")
    var port = ServiceConfiguration.Defaults.port

    @Option(
        help: """
            Comma-separated addresses of the widget servers that use this service, outside the cap on connections \
            per client (each holds one per download and, over HTTP, a long-poll per tab); loopback's by default. \
            An empty value caps every client.
            """
    )
    var trustedClients = ServiceConfiguration.Defaults.trustedClients.joined(separator: ",")

    @OptionGroup var shared: SharedOptions

    @OptionGroup var connections: ConnectionOptions

    @OptionGroup var budgets: BudgetOptions

    func run() async throws {
        OpenFileLimit.raiseToHardLimit()
        let logger = shared.makeLogger(label: "webim-service")
        try DataFolders.makePrivate(shared.dataDirectory)
        var configuration = try EmbeddedServiceSetup.configuration(
            host: host,
            port: port,
            dataDirectory: shared.dataDirectory,
            resources: try shared.resourceRoot(),
            visitorFieldsKeyFile: shared.visitorFieldsKeyFile,
            allowedHosts: shared.allowedHostNames,
            storageBudgets: budgets.budgets(kiosk: false)
        )
        configuration.connectionLimits = connections.limits(exempt: ServeCommand.list(trustedClients))
        let console = ConsoleAnnouncement(
            token: configuration.consoleToken ?? "",
            tokenFile: configuration.consoleTokenFile
        )
        let application = try await makeServiceApplication(configuration: configuration, logger: logger) {
            [host] boundPort in
            let base = "http://\(ServeCommand.urlHost(host)):\(boundPort)"
            // Unbuffered, so that scripts and tests reading a pipe see the URLs at once.
            let lines = "Chat service:      \(base)\n" + console.lines(serviceURL: base)
            FileHandle.standardOutput.write(Data(lines.utf8))
        }
        let group = ServiceGroup(
            configuration: .init(
                services: [application],
                gracefulShutdownSignals: [.sigterm, .sigint],
                logger: logger
            )
        )
        try await group.run()
    }
}
