import ArgumentParser
import Foundation
import HTTPAPI
import WebimService
import WidgetServer

extension ServeCommand {
    /// The widget server's configuration as the options say it, whole: what the server runs with.
    ///
    /// It reads no key file and makes none (`loadKeys(into:)` does, at start), and with the embedded service its
    /// `accountURL` is empty until the service listens: its port may be picked then (`WidgetLauncher` sets it).
    func makeConfiguration() throws -> WidgetConfiguration {
        let root = try shared.resourceRoot()
        let budgets = budgetOptions.budgets(kiosk: kiosk)
        var configuration = WidgetConfiguration(
            host: host,
            port: port,
            accountURL: account ?? "",
            originPolicy: OriginPolicy(
                allowedHosts: shared.allowedHostNames + [host],
                publicOrigins: Self.list(publicOrigin)
            ),
            maxTabs: maxTabs,
            tabDataBudget: Int64(tabDataBudgetMb) << 20,
            streamsPerTab: streamsPerTab,
            embedOrigins: try Self.origins(embedOrigins, option: "--embed-origins"),
            defaultLocation: defaultLocation,
            dataDirectory: shared.dataDirectory.appendingPathComponent("widget"),
            publicDirectory: root.appendingPathComponent("Public"),
            templatesDirectory: root.appendingPathComponent("Templates"),
            tabIdleTimeout: .seconds(tabIdleTimeout),
            tabDataRetention: budgets.retention,
            kiosk: KioskConfiguration(
                forced: kiosk,
                idleTimeout: .seconds(kioskIdle),
                countdown: .seconds(kioskCountdown),
                allowedHosts: Self.list(kioskAllowedHosts).map { $0.lowercased() },
                uploads: kioskUploads,
                keyboard: KioskKeyboard(rawValue: kioskKeyboard) ?? KioskConfiguration.standard.keyboard,
                languages: Self.list(kioskLanguages)
            ),
            previewConfigFile: previewConfig.map { URL(fileURLWithPath: $0) },
            drainTimeout: .seconds(drainTimeout),
            crashAfterMessages: crashAfterMessages
        )
        configuration.maxTabsPerClient = maxTabsPerClient == 0 ? nil : maxTabsPerClient
        configuration.storageBudget = budgets.folderBytes
        configuration.trustedProxies = Self.list(trustedProxies)
        configuration.connectionLimits = connections.limits()
        configuration.allowsPrivateHintsHosts = allowPrivateHints
        if noRateLimits {
            (configuration.tabActionRate, configuration.tabCreationRate) = (nil, nil)
            configuration.maxTabsPerClient = nil
        }
        return configuration
    }

    /// Sets the keys that files hold: the cluster key (`--cluster-key-file`, or the data folder's own, made at the
    /// first start) and the token of `--metrics-token-file`. Each named file must be its owner's alone.
    func loadKeys(into configuration: inout WidgetConfiguration) throws {
        configuration.clusterKey = try ClusterKeyFile.load(
            explicit: clusterKeyFile.map { URL(fileURLWithPath: $0) },
            default: configuration.dataDirectory.appendingPathComponent("cluster.key")
        )
        configuration.metricsToken = try metricsTokenFile.map { path in
            let file = URL(fileURLWithPath: path)
            try GivenKeyFile.check(file, option: "--metrics-token-file")
            return try SecretFile.loadGiven(at: file)
        }
    }

    /// The items of a comma-separated option, trimmed, without empty ones.
    static func list(_ option: String) -> [String] {
        option.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }

    /// The origins of a comma-separated option, as a browser writes them (`scheme://host[:port]`, lowercase), or
    /// an error naming the one that is not an origin: a path or a `*` would not mean what the person typed.
    static func origins(_ option: String, option name: String) throws -> [String] {
        try list(option).map { item in
            guard let origin = OriginPolicy.normalizedOrigin(item) else {
                throw ValidationError(
                    "\(name): \(item) is not an origin like https://shop.example or http://host:8080."
                )
            }
            return origin
        }
    }
}
