public import ArgumentParser
import Logging
import WebimService
import WidgetServer

/// `webim-widget serve`: the widget server and, unless `--account` is given, the embedded chat service.
///
/// Its options say what the server runs with, and nothing more: `makeConfiguration()` turns them into the one
/// `WidgetConfiguration` the server takes whole, each option's default read from that configuration's own home
/// (`WidgetConfiguration.Defaults`, `KioskConfiguration.standard`, `StorageBudgets.site`).
struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "serve", abstract: "Run the widget server.")

    @Option(help: "Interface the widget server binds to (a LAN address or 0.0.0.0 for a kiosk on the network).")
    var host = WidgetConfiguration.Defaults.host

    @Option(help: "Interface the embedded chat service and its operator console bind to; loopback unless told.")
    var serviceHost = ServiceConfiguration.Defaults.host

    @Option(
        help: """
            Comma-separated origins (https://chat.example.com) whose pages may use the widget server: the origin a \
            proxy serves it under.
            """
    )
    var publicOrigin = ""

    @Option(
        help: """
            Comma-separated origins (https://shop.example) of the sites that may embed the widget with embed.js: \
            they may frame its pages (CSP frame-ancestors), and the embedded page takes commands from them alone.
            """
    )
    var embedOrigins = ""

    @Option(
        help: """
            Comma-separated addresses of the proxies in front (nginx's, 127.0.0.1 on the same host): a request from \
            one counts against the visitor its X-Real-IP names in the limit on new tabs, not against the proxy.
            """
    )
    var trustedProxies = ""

    @Option(
        help: """
            The chat service's location for a page or tab that names none (the widget's location option): 1-64 \
            letters, digits, - or _.
            """
    )
    var defaultLocation = WidgetConfiguration.Defaults.defaultLocation

    @Option(help: "The most tabs open at once; a page asking for another gets 503 with Retry-After.")
    var maxTabs = WidgetConfiguration.Defaults.maxTabs

    @Option(
        help: """
            The most tabs one client address (an IPv6 /64; behind --trusted-proxies, the address they forward) may \
            hold open; another gets 429 too_many_tabs_for_client. 0: no cap.
            """
    )
    var maxTabsPerClient = WidgetConfiguration.Defaults.maxTabsPerClient

    @Option(help: "Megabytes the kept data of closed tabs may take; beyond it the oldest is deleted first.")
    var tabDataBudgetMb = Int(WidgetConfiguration.Defaults.tabDataBudget >> 20)

    @Option(
        help: """
            Seconds a tab no page reads stays open before its session is closed (its data is kept for the page to \
            come back); a tab with a message still to deliver stays until it is sent.
            """
    )
    var tabIdleTimeout = WidgetConfiguration.Defaults.tabIdleTimeout.wholeSeconds

    @Option(
        help: """
            Seconds a graceful stop (SIGTERM, Ctrl-C) waits for the requests in flight, after /readyz turns 503 and \
            the open streams are told to reconnect elsewhere; then the tabs close, their data kept.
            """
    )
    var drainTimeout = WidgetConfiguration.Defaults.drainTimeout.wholeSeconds

    @Option(
        help: """
            The most event streams one tab may hold open; another closes the oldest. Each counts in the descriptor \
            budget that lowers --max-tabs: 1 suits a benchmark of many tabs, 2 lets a duplicated browser tab keep \
            its stream.
            """
    )
    var streamsPerTab = WidgetConfiguration.Defaults.streamsPerTab

    @OptionGroup var shared: SharedOptions

    @OptionGroup var connections: ConnectionOptions

    @OptionGroup var budgetOptions: BudgetOptions

    @Option(help: "Widget server port (0 picks a free one).")
    var port = WidgetConfiguration.Defaults.port

    @Option(help: "Embedded chat service port (0 picks a free one).")
    var servicePort = ServiceConfiguration.Defaults.port

    @Option(help: "A real Webim account name or URL; no embedded service starts.")
    var account: String?

    @Option(help: "A JSON file of widget configurations for /preview; it is re-read when it changes.")
    var previewConfig: String?

    @Flag(
        help: """
            Turn off the per-tab request limits and the cap on tabs per client (for benchmarks that open thousands \
            of tabs at once).
            """
    )
    var noRateLimits = false

    @Flag(help: "Tab sessions reach the embedded service over loopback HTTP, as they would a real account.")
    var serviceOverHTTP = false

    @Flag(help: "Kiosk mode for every page (a shared touch screen), whatever the page's query says.")
    var kiosk = false

    @Option(
        help: """
            A file holding the secret (at least 16 bytes: raw, hex or base64) every widget server of a deployment \
            shares: a page's tab then continues on any of them. Default: one made in the data folder, for this \
            server alone.
            """
    )
    var clusterKeyFile: String?

    @Option(
        help: """
            A file holding the bearer token a Prometheus scraper on another machine shows to read /metrics. \
            Without it, /metrics answers direct requests from this machine only.
            """
    )
    var metricsTokenFile: String?

    @Flag(
        help: """
            Let a location's hints endpoint on another host than the account's be at an address of this machine or \
            a private network (loopback, link-local, 10/8, 172.16/12, 192.168/16, fc00::/7). Without it such a hints \
            request is not made; the account's own server answers its hints either way.
            """
    )
    var allowPrivateHints = false

    @Option(help: "Kiosk mode: seconds without input before the reset countdown starts.")
    var kioskIdle = KioskConfiguration.standard.idleTimeout.wholeSeconds

    @Option(help: "Kiosk mode: seconds the countdown shows before the chat is erased for the next visitor.")
    var kioskCountdown = KioskConfiguration.standard.countdown.wholeSeconds

    @Option(help: "Kiosk mode: comma-separated hosts whose links stay usable (all other links are inert).")
    var kioskAllowedHosts = ""

    @Flag(
        help: """
            Kiosk mode: offer the paperclip and take visitors' files. It opens the operating system's file dialog, \
            from which anyone at the screen can browse the kiosk account's files (SECURITY.md).
            """
    )
    var kioskUploads = false

    @Option(help: "Kiosk mode: when the page's on-screen keyboard shows: auto (a touched text field), onscreen, off.")
    var kioskKeyboard = KioskConfiguration.standard.keyboard.rawValue

    @Option(
        help: """
            Kiosk mode: comma-separated languages (en,ru,ar), the first a new visitor's: the attract screen offers \
            them, the on-screen keyboard has a layout for each.
            """
    )
    var kioskLanguages = KioskConfiguration.standard.languages.joined(separator: ",")

    @Option(
        help: ArgumentHelp(
            "For the fault harness: SIGKILL right after this many new messages are on disk, before answering.",
            visibility: .hidden
        )
    )
    var crashAfterMessages: Int?

    func validate() throws {
        guard kioskIdle >= 1, kioskCountdown >= 1 else {
            throw ValidationError("--kiosk-idle and --kiosk-countdown are whole seconds, at least 1.")
        }
        guard KioskKeyboard(rawValue: kioskKeyboard) != nil else {
            throw ValidationError("--kiosk-keyboard is auto, onscreen or off.")
        }
        let languages = Self.list(kioskLanguages)
        guard (1...KioskConfiguration.maximumLanguages).contains(languages.count),
            languages.allSatisfy(KioskConfiguration.isLanguage)
        else {
            throw ValidationError(
                "--kiosk-languages is 1 to \(KioskConfiguration.maximumLanguages) language codes such as en,ru,ar."
            )
        }
        guard WidgetConfiguration.isLocationName(defaultLocation) else {
            throw ValidationError("--default-location is 1 to 64 letters, digits, - or _.")
        }
        guard maxTabs >= 1, tabDataBudgetMb >= 1, tabIdleTimeout >= 1 else {
            throw ValidationError("--max-tabs, --tab-data-budget-mb and --tab-idle-timeout are at least 1.")
        }
        guard maxTabsPerClient >= 0 else { throw ValidationError("--max-tabs-per-client is 0 (no cap) or more.") }
        guard (1...3).contains(streamsPerTab) else {
            throw ValidationError("--streams-per-tab is 1, 2 or 3.")
        }
        guard drainTimeout >= 0 else {
            throw ValidationError("--drain-timeout is whole seconds, 0 or more.")
        }
        if let crashAfterMessages, crashAfterMessages < 1 {
            throw ValidationError("--crash-after-messages is at least 1.")
        }
    }
}

extension Logger.Level: @retroactive ExpressibleByArgument {}
