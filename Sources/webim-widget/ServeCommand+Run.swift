import ArgumentParser
import HTTPAPI
import Logging
import ServiceLifecycle
import UnixSignals
import WebimService
import WidgetServer

extension ServeCommand {
    func run() async throws {
        OpenFileLimit.raiseToHardLimit()
        let logger = shared.makeLogger(label: "webim-widget")
        var configuration = try makeConfiguration()
        // A broken file stops here with its problem, rather than as an error page later.
        if let previewFile = configuration.previewConfigFile { try checkPreviewConfig(at: previewFile) }
        if ["0.0.0.0", "::"].contains(host), shared.allowedHostNames.isEmpty {
            // A wildcard address is not a name a browser uses: without one, only loopback pages would be answered.
            logger.warning(
                """
                --host \(host) listens on every interface, but only loopback names are answered: give the names \
                or addresses people use with --allowed-hosts
                """
            )
        }
        try DataFolders.makePrivate(shared.dataDirectory)
        try loadKeys(into: &configuration)
        let accountURL = Promise<String>()
        var console: ConsoleAnnouncement?
        var services: [any Service] = []
        if let account {
            await accountURL.fulfil(account)
        } else {
            var service = try EmbeddedServiceSetup.configuration(
                host: serviceHost,
                port: servicePort,
                dataDirectory: shared.dataDirectory,
                resources: try shared.resourceRoot(),
                visitorFieldsKeyFile: shared.visitorFieldsKeyFile,
                allowedHosts: shared.allowedHostNames,
                storageBudgets: budgetOptions.budgets(kiosk: kiosk)
            )
            service.connectionLimits = embeddedServiceLimits()
            console = ConsoleAnnouncement(token: service.consoleToken ?? "", tokenFile: service.consoleTokenFile)
            let (embedded, transport) = try await makeEmbeddedService(configuration: service, logger: logger) {
                [serviceHost] boundPort in
                await accountURL.fulfil("http://\(Self.urlHost(serviceHost)):\(boundPort)")
            }
            // In-process by default: a tab's long-poll then costs no sockets (see InProcessTransport).
            if !serviceOverHTTP { configuration.serviceTransport = transport }
            services.append(embedded)
        }
        services.append(
            WidgetLauncher(configuration: configuration, accountURL: accountURL, console: console, logger: logger)
        )
        let group = ServiceGroup(
            configuration: .init(services: services, gracefulShutdownSignals: [.sigterm, .sigint], logger: logger)
        )
        try await group.run()
    }

    /// The embedded service's limits: the same timeouts, and a cap sized for the one client it has besides the
    /// operator, this widget server (its downloads, and a long-poll per tab over HTTP), with no address exempt,
    /// since on loopback a local user shares that address.
    func embeddedServiceLimits() -> ConnectionLimits {
        var limits = connections.limits()
        let widgetConnections = WidgetConfiguration.downloadConnections + (serviceOverHTTP ? maxTabs : 0)
        limits.perClient = limits.perClient.map { $0 + widgetConnections }
        return limits
    }

    /// A bind address as a URL's host: a wildcard is reached on loopback, an IPv6 address goes in brackets.
    static func urlHost(_ host: String) -> String {
        switch host {
        case "0.0.0.0", "": "127.0.0.1"
        case "::": "[::1]"
        default: host.contains(":") ? "[\(host)]" : host
        }
    }
}
