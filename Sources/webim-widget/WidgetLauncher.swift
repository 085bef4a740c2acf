import Foundation
import HTTPAPI
import Hummingbird
import Logging
import ServiceLifecycle
import WebimService
import WebimWire
import WidgetServer

/// Starts the widget server once the chat service's URL is known (the embedded service may pick its port),
/// then prints both URLs.
struct WidgetLauncher: TypeNamedService {
    let host: String
    let originPolicy: OriginPolicy
    let embedOrigins: [String]
    let maxTabs: Int
    let tabDataBudget: Int64
    let port: Int
    let root: URL
    let dataDirectory: URL
    let rateLimited: Bool
    let kiosk: KioskConfiguration
    let previewConfigFile: URL?
    let logger: Logger
    let accountURL = Promise<String>()
    /// How tab sessions reach the service instead of HTTP to `accountURL`, if they do.
    var serviceTransport: (any WireTransport)?
    /// How the embedded service's console is announced; nil with `--account`.
    var console: ConsoleAnnouncement?
    /// `--crash-after-messages`, for the fault harness.
    var crashAfterMessages: Int?
    /// `--tab-idle-timeout`.
    var tabIdleTimeout = WidgetConfiguration.Defaults.tabIdleTimeout
    /// `--cluster-key-file`'s key, or the one kept in the data folder.
    var clusterKey = ClusterKey.random()
    /// `--metrics-token-file`'s token.
    var metricsToken: String?
    /// `--allow-private-hints`.
    var allowsPrivateHintsHosts = false
    /// `--trusted-proxies`.
    var trustedProxies: [String] = []
    /// `--drain-timeout`.
    var drainTimeout = WidgetConfiguration.Defaults.drainTimeout
    /// `--streams-per-tab`.
    var streamsPerTab = WidgetConfiguration.Defaults.streamsPerTab
    /// `--max-tabs-per-client`; nil: no cap.
    var maxTabsPerClient: Int? = WidgetConfiguration.Defaults.maxTabsPerClient
    /// `--header-timeout`, `--connection-idle-timeout`, `--max-connections-per-client`.
    var connectionLimits = ConnectionLimits()
    /// `--storage-budget-mb`, or the default of a kiosk or a site.
    var storageBudget: Int64 = StorageBudgets.site.folderBytes
    /// How long a visitor's tab data, and the credential a browser keeps for them, outlive their last visit: as long
    /// as the chat service keeps the visitor (`--visitor-retention-days`), so that a visitor who comes back within it
    /// finds their conversation.
    var tabDataRetention: Duration = StorageBudgets.site.retention

    func run() async throws {
        guard let accountURL = await cancelWhenGracefulShutdown({ await self.accountURL.value }) else { return }
        var configuration = WidgetConfiguration(
            host: host,
            port: port,
            accountURL: accountURL,
            serviceTransport: serviceTransport,
            originPolicy: originPolicy,
            maxTabs: maxTabs,
            tabDataBudget: tabDataBudget,
            streamsPerTab: streamsPerTab,
            embedOrigins: embedOrigins,
            dataDirectory: dataDirectory,
            publicDirectory: root.appendingPathComponent("Public"),
            templatesDirectory: root.appendingPathComponent("Templates"),
            tabIdleTimeout: tabIdleTimeout,
            kiosk: kiosk,
            previewConfigFile: previewConfigFile,
            drainTimeout: drainTimeout,
            crashAfterMessages: crashAfterMessages
        )
        configuration.clusterKey = clusterKey
        configuration.metricsToken = metricsToken
        configuration.allowsPrivateHintsHosts = allowsPrivateHintsHosts
        configuration.trustedProxies = trustedProxies
        configuration.connectionLimits = connectionLimits
        configuration.storageBudget = storageBudget
        configuration.tabDataRetention = tabDataRetention
        configuration.maxTabsPerClient = maxTabsPerClient
        if !rateLimited {
            (configuration.tabActionRate, configuration.tabCreationRate) = (nil, nil)
            configuration.maxTabsPerClient = nil
        }
        let app = try await makeWidgetApplication(configuration: configuration, logger: logger) {
            [console] boundPort in
            var lines = "Webim widget:      http://\(ServeCommand.urlHost(host)):\(boundPort)/\n"
            if let console {
                lines += console.lines(serviceURL: accountURL)
            } else {
                lines += "Chat service:      \(accountURL)\n"
            }
            // Unbuffered, so that scripts and tests reading a pipe see the URLs at once.
            FileHandle.standardOutput.write(Data(lines.utf8))
        }
        try await app.run()
    }
}

/// A value that arrives later, awaited by whoever needs it.
actor Promise<Value: Sendable> {
    private var result: Value?
    private var waiters: [Int: CheckedContinuation<Value?, Never>] = [:]
    private var nextWaiter = 0

    func fulfil(_ value: Value) {
        guard result == nil else { return }
        result = value
        for waiter in waiters.values { waiter.resume(returning: value) }
        waiters = [:]
    }

    /// The value, or nil if the waiting task is cancelled first.
    var value: Value? {
        get async {
            if let result { return result }
            let id = nextWaiter
            nextWaiter += 1
            return await withTaskCancellationHandler {
                await withCheckedContinuation { waiters[id] = $0 }
            } onCancel: {
                Task { await self.cancel(id) }
            }
        }
    }

    private func cancel(_ id: Int) { waiters.removeValue(forKey: id)?.resume(returning: nil) }
}
