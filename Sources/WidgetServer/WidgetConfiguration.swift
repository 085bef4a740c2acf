public import Foundation
public import HTTPAPI
public import WebimWire

/// How the widget server runs.
public struct WidgetConfiguration: Sendable {
    /// Interface to bind; loopback unless told otherwise.
    public var host: String
    /// Port; 0 picks a free one.
    public var port: Int
    /// The chat service: the embedded one's URL, or a Webim account name or URL.
    public var accountURL: String
    /// How tab sessions reach the chat service: the embedded service's in-process transport, or nil for HTTP
    /// to `accountURL` (which also serves file downloads either way).
    public var serviceTransport: (any WireTransport)?
    /// The host names the server answers and the page origins that may change things (loopback's by default).
    public var originPolicy: OriginPolicy
    /// The most tabs open at once; a page asking for another gets 503 with `Retry-After`.
    public var maxTabs: Int
    /// The most tabs one client address (an IPv6 /64; behind `trustedProxies`, the address they forward) may hold
    /// open at once; another is 429 `too_many_tabs_for_client`. Nil: no cap (benchmarks).
    public var maxTabsPerClient: Int? = Defaults.maxTabsPerClient
    /// The most bytes the kept data of closed tabs may take; beyond it the oldest are deleted first.
    public var tabDataBudget: Int64
    /// The most bytes the whole data folder (tab folders and the history store) may hold; past it, new messages and
    /// uploads are refused with 507 `storage_budget_exceeded`. A site's by default (`serve --kiosk`: a kiosk's).
    public var storageBudget = StorageBudgets.site.folderBytes
    /// The most event streams one tab may have open; a new one closes the oldest. The descriptor budget counts them
    /// all (`DescriptorBudget`), so each one allowed costs `--max-tabs` room on a machine with few descriptors.
    public var streamsPerTab: Int
    /// The origins of the sites that may embed the widget (`embed.js`): they may frame the pages, and the embedded
    /// page takes commands from them alone.
    public var embedOrigins: [String]
    /// The sources allowed to frame the pages (CSP `frame-ancestors`): `'self'` for the preview, and the sites
    /// that embed the widget.
    public var frameAncestors: [String] { ["'self'"] + embedOrigins }
    /// The Webim location of tabs and pages that do not name one (`--default-location`): a real account's mobile
    /// location is often another than the embedded service's `default`.
    public var defaultLocation: String
    /// Where tabs keep their visitors' history databases.
    public var dataDirectory: URL
    /// Static files served under `/static/`.
    public var publicDirectory: URL
    /// Mustache pages.
    public var templatesDirectory: URL
    /// A tab that no page has read for this long is closed and its session destroyed.
    public var tabIdleTimeout: Duration
    /// How long the visitor data of a closed tab, and the credential a browser keeps for it, are kept for its page
    /// to come back (`resume`): as long as the chat service keeps the visitor (`--visitor-retention-days`), so that a
    /// visitor who comes back within it finds their conversation. A site's by default (`serve --kiosk`: a kiosk's).
    public var tabDataRetention: Duration
    /// How often an event stream sends `: ping` to keep proxies from closing it.
    public var pingInterval: Duration
    /// How many events a slow reader may fall behind before its stream is closed (it resumes by cursor).
    public var streamQueueCapacity: Int
    /// How fast one tab may change things (send, edit, type, …); nil: no limit.
    public var tabActionRate: RateRule?
    /// How fast one client address may open tabs; nil: no limit (a benchmark opening 10,000 tabs, say).
    public var tabCreationRate: RateRule?
    /// Kiosk mode: forced for every page or not, idle and countdown times, allowed link hosts.
    public var kiosk: KioskConfiguration
    /// The developer preview's variants (`--preview-config`), re-read when the file changes; nil: built-in ones.
    public var previewConfigFile: URL?
    /// Addresses of the proxies in front of this server (`--trusted-proxies`), whose `X-Real-IP` names the visitor
    /// that the limit on new tabs counts against.
    public var trustedProxies: [String] = []
    /// Header and idle timeouts, and the cap on one client's connections; the trusted proxies are exempt from the cap
    /// (`effectiveConnectionLimits`).
    public var connectionLimits = ConnectionLimits()
    /// Seals the visitor credentials pages hold, so that every server of a deployment sharing it can continue any
    /// page's tab (`--cluster-key-file`); by default a key of this process alone.
    public var clusterKey = ClusterKey.random()
    /// The bearer token a scraper of `/metrics` from another machine shows (`--metrics-token-file`); nil: only a
    /// direct request from loopback is answered.
    public var metricsToken: String?
    /// Whether a location's hints endpoint on another host than the account's may be at an address of this machine or
    /// a private network (`--allow-private-hints`): off, such a hints request is not made. The account's own server
    /// (the embedded service's, on loopback) answers its hints either way.
    public var allowsPrivateHintsHosts = false
    /// How long a drain (on SIGTERM) waits for the requests in flight before the server stops anyway (`ServerDrain`).
    public var drainTimeout: Duration
    /// The server's one clock: the drain's timeout, the reaper's rounds, the data sweeps and the expiry of sealed
    /// credentials read it; tests pin it or move it (`ServerClock.manual`).
    public var clock: ServerClock
    /// For the fault harness only: SIGKILL right after this many new visitor messages are committed, before the
    /// last one is answered. Nil (always, outside the harness): never.
    public var crashAfterMessages: Int?

    /// A configuration; the defaults are `webim-widget serve`'s (`Defaults`, `KioskConfiguration.standard`,
    /// `StorageBudgets.site`), and the timings the contract's.
    public init(
        host: String = Defaults.host,
        port: Int = Defaults.port,
        accountURL: String,
        serviceTransport: (any WireTransport)? = nil,
        originPolicy: OriginPolicy = OriginPolicy(),
        maxTabs: Int = Defaults.maxTabs,
        tabDataBudget: Int64 = Defaults.tabDataBudget,
        streamsPerTab: Int = Defaults.streamsPerTab,
        embedOrigins: [String] = [],
        defaultLocation: String = Defaults.defaultLocation,
        dataDirectory: URL,
        publicDirectory: URL,
        templatesDirectory: URL,
        tabIdleTimeout: Duration = Defaults.tabIdleTimeout,
        tabDataRetention: Duration = StorageBudgets.site.retention,
        pingInterval: Duration = .seconds(15),
        streamQueueCapacity: Int = Defaults.streamQueueCapacity,
        tabActionRate: RateRule? = RateRule(perSecond: 10, burst: 30),
        tabCreationRate: RateRule? = RateRule(perSecond: 1, burst: 30),
        kiosk: KioskConfiguration = .standard,
        previewConfigFile: URL? = nil,
        drainTimeout: Duration = Defaults.drainTimeout,
        clock: ServerClock = .system,
        crashAfterMessages: Int? = nil
    ) {
        self.host = host
        self.port = port
        self.accountURL = accountURL
        self.serviceTransport = serviceTransport
        self.originPolicy = originPolicy
        self.maxTabs = maxTabs
        self.tabDataBudget = tabDataBudget
        self.streamsPerTab = streamsPerTab
        self.embedOrigins = embedOrigins
        self.defaultLocation = defaultLocation
        self.dataDirectory = dataDirectory
        self.publicDirectory = publicDirectory
        self.templatesDirectory = templatesDirectory
        self.tabIdleTimeout = tabIdleTimeout
        self.tabDataRetention = tabDataRetention
        self.pingInterval = pingInterval
        self.streamQueueCapacity = streamQueueCapacity
        self.tabActionRate = tabActionRate
        self.tabCreationRate = tabCreationRate
        self.kiosk = kiosk
        self.previewConfigFile = previewConfigFile
        self.drainTimeout = drainTimeout
        self.clock = clock
        self.crashAfterMessages = crashAfterMessages
    }

    /// Requests per second, and how many may come at once.
    public struct RateRule: Sendable, Equatable {
        public var perSecond: Double
        public var burst: Int

        public init(perSecond: Double, burst: Int) {
            self.perSecond = perSecond
            self.burst = burst
        }
    }
}

extension WidgetConfiguration {
    /// Whether `name` can be a location, as a page's `location` and a tab's are checked: 1–64 letters, digits, `-`
    /// or `_`.
    public static func isLocationName(_ name: String) -> Bool { Validation.isToken(name, length: 1...64) }
}
