import Foundation
import HTTPAPI
import TestSupport
import Testing
import WidgetServer

@testable import webim_widget

/// An option of `webim-widget serve` that sets the widget server's configuration: a value to give it, and the field
/// it sets, written back as the option writes it.
struct ServeOption: Sendable, CustomTestStringConvertible {
    /// The long name, as `--help` prints it.
    let name: String
    /// What the test gives after the name; nothing for a flag.
    let given: [String]
    /// The field the option sets, in the option's own spelling (megabytes, seconds, a comma-separated list, a flag's
    /// `true` or `false`).
    let shown: @Sendable (WidgetConfiguration) -> String

    init(_ name: String, _ given: String, _ shown: @escaping @Sendable (WidgetConfiguration) -> String) {
        (self.name, self.given, self.shown) = (name, [given], shown)
    }

    /// A flag: given, the field says `true`.
    init(flag name: String, _ isSet: @escaping @Sendable (WidgetConfiguration) -> Bool) {
        (self.name, self.given, self.shown) = (name, [], { "\(isSet($0))" })
    }

    var testDescription: String { name }

    /// What the field must show once the option is given.
    var expected: String { given.first ?? "true" }

    /// Every option of `serve` that the configuration holds.
    static let all: [ServeOption] = [
        ServeOption("--host", "10.0.0.7") { $0.host },
        ServeOption("--port", "9090") { "\($0.port)" },
        ServeOption("--allowed-hosts", "chat.lan") { configuration in
            // Loopback's names and the bind address are always answered; the option adds to them.
            configuration.originPolicy.hosts.subtracting(OriginPolicy.loopbackHosts).subtracting([configuration.host])
                .sorted().joined(separator: ",")
        },
        ServeOption("--public-origin", "https://chat.example.com") {
            $0.originPolicy.publicOrigins.sorted().joined(separator: ",")
        },
        ServeOption("--embed-origins", "https://shop.example") { $0.embedOrigins.joined(separator: ",") },
        ServeOption("--trusted-proxies", "10.0.0.2") { $0.trustedProxies.joined(separator: ",") },
        ServeOption("--default-location", "quotes") { $0.defaultLocation },
        ServeOption("--max-tabs", "500") { "\($0.maxTabs)" },
        ServeOption("--max-tabs-per-client", "7") { "\($0.maxTabsPerClient ?? 0)" },
        ServeOption("--tab-data-budget-mb", "64") { "\($0.tabDataBudget >> 20)" },
        ServeOption("--tab-idle-timeout", "60") { "\($0.tabIdleTimeout.wholeSeconds)" },
        ServeOption("--drain-timeout", "3") { "\($0.drainTimeout.wholeSeconds)" },
        ServeOption("--streams-per-tab", "3") { "\($0.streamsPerTab)" },
        // The folder's name is enough: a relative one is made absolute from the working directory.
        ServeOption("--data-dir", "webim-data") { $0.dataDirectory.deletingLastPathComponent().lastPathComponent },
        ServeOption("--resources", repositoryRoot.path) { $0.publicDirectory.deletingLastPathComponent().path },
        ServeOption("--account", "https://demo.webim.ru") { $0.accountURL },
        ServeOption("--preview-config", "/tmp/preview.json") { $0.previewConfigFile?.path ?? "" },
        ServeOption(flag: "--no-rate-limits") {
            $0.tabActionRate == nil && $0.tabCreationRate == nil && $0.maxTabsPerClient == nil
        },
        ServeOption(flag: "--allow-private-hints") { $0.allowsPrivateHintsHosts },
        ServeOption(flag: "--kiosk") { $0.kiosk.forced },
        ServeOption("--kiosk-idle", "30") { "\($0.kiosk.idleTimeout.wholeSeconds)" },
        ServeOption("--kiosk-countdown", "5") { "\($0.kiosk.countdown.wholeSeconds)" },
        ServeOption("--kiosk-allowed-hosts", "example.com") { $0.kiosk.allowedHosts.joined(separator: ",") },
        ServeOption(flag: "--kiosk-uploads") { $0.kiosk.uploads },
        ServeOption("--kiosk-keyboard", "off") { $0.kiosk.keyboard.rawValue },
        ServeOption("--kiosk-languages", "ru,ar") { $0.kiosk.languages.joined(separator: ",") },
        ServeOption("--storage-budget-mb", "100") { "\($0.storageBudget >> 20)" },
        ServeOption("--visitor-retention-days", "3") { "\($0.tabDataRetention.components.seconds / 86_400)" },
        ServeOption("--header-timeout", "4") { "\($0.connectionLimits.headerTimeout.wholeSeconds)" },
        ServeOption("--connection-idle-timeout", "9") { "\($0.connectionLimits.idleTimeout.wholeSeconds)" },
        ServeOption("--max-connections-per-client", "12") { "\($0.connectionLimits.perClient ?? 0)" },
        ServeOption("--crash-after-messages", "5") { $0.crashAfterMessages.map(String.init) ?? "" },
    ]

    /// The options of `serve` that set something else than the widget server's configuration, and what.
    static let elsewhere: [String: String] = [
        "--help": "nothing: it prints the help",
        "--service-host": "the embedded service's configuration",
        "--service-port": "the embedded service's configuration",
        "--visitor-fields-key-file": "the embedded service's configuration",
        "--visitor-budget-mb": "the embedded service's configuration",
        "--service-over-http": "whether run() gives the configuration the embedded service's in-process transport",
        "--cluster-key-file": "a key that loadKeys(into:) reads into the configuration at start",
        "--metrics-token-file": "a key that loadKeys(into:) reads into the configuration at start",
        "--log-level": "the logger",
        "--log-format": "the logger",
    ]
}
