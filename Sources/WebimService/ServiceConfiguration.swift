public import Foundation
public import HTTPAPI

/// How the embedded service runs.
public struct ServiceConfiguration: Sendable {
    /// Interface to bind; loopback unless told otherwise.
    public var host: String
    /// Port; 0 picks a free one.
    public var port: Int
    /// Where `service.sqlite` and the `files/` folder live.
    public var dataDirectory: URL
    /// The folder of scenario files.
    public var scenariosDirectory: URL
    /// How long a delta poll is held when nothing changes.
    public var holdTimeout: Duration
    /// The account's private key for `visitor-ext` hashes (PROTOCOL.md §2.7); nil: read from `visitorFieldsKeyFile`,
    /// else from `visitor-fields.key` in the data folder, made at first start.
    public var accountPrivateKey: String?
    /// A file holding the private key (`--visitor-fields-key-file`), for a key the app's server shares.
    public var visitorFieldsKeyFile: URL?
    /// The operator console's secret; nil: `console-token` in the data folder, made at first start.
    public var consoleToken: String?
    /// The operator console page's folder (`index.html`, `css/`, `js/`), with the page kit in the `shared` folder
    /// beside it; nil serves the console's JSON API only.
    public var consoleDirectory: URL?
    /// The host names the service answers and the page origins that may change things (loopback's by default).
    public var originPolicy: OriginPolicy
    /// How long a signed download link stays valid at most, whatever expiry its requester asks for.
    public var maximumDownloadLinkLifetime: Duration
    /// A visitor that never started a chat is forgotten after this long without a request.
    public var idleVisitorRetention: Duration
    /// The bytes one visitor and the whole data folder may hold, and how long a visitor who chatted is kept.
    public var storageBudgets: StorageBudgets
    /// The clock every time the service writes and every wait of its own comes from; tests pin it or move it.
    public var clock: ServerClock = .system
    /// Whether scenario steps wait their `after:` delays; tests that check what a scenario says skip them.
    public var scenarioPace = ScenarioPace.asScripted
    /// Header and idle timeouts, and the cap on one client's connections. Loopback is exempt from the cap by
    /// default: the service's clients there are the widget servers (visitors never reach it), each holding a
    /// connection per download and, over HTTP, a long-poll per tab; the timeouts hold for everyone.
    public var connectionLimits = ConnectionLimits(exemptClients: Set(Defaults.trustedClients))

    public init(
        host: String = Defaults.host,
        port: Int = Defaults.port,
        dataDirectory: URL,
        scenariosDirectory: URL,
        holdTimeout: Duration = .seconds(25),
        accountPrivateKey: String? = nil,
        visitorFieldsKeyFile: URL? = nil,
        consoleToken: String? = nil,
        consoleDirectory: URL? = nil,
        originPolicy: OriginPolicy = OriginPolicy(),
        maximumDownloadLinkLifetime: Duration = .seconds(24 * 3600),
        idleVisitorRetention: Duration = .seconds(24 * 3600),
        storageBudgets: StorageBudgets = .site
    ) {
        self.host = host
        self.port = port
        self.dataDirectory = dataDirectory
        self.scenariosDirectory = scenariosDirectory
        self.holdTimeout = holdTimeout
        self.accountPrivateKey = accountPrivateKey
        self.visitorFieldsKeyFile = visitorFieldsKeyFile
        self.consoleToken = consoleToken
        self.consoleDirectory = consoleDirectory
        self.originPolicy = originPolicy
        self.maximumDownloadLinkLifetime = maximumDownloadLinkLifetime
        self.idleVisitorRetention = idleVisitorRetention
        self.storageBudgets = storageBudgets
    }

    /// The configuration with every secret filled in: given ones kept, the rest read from (or made in) their files.
    public func resolvingSecrets() throws -> ServiceConfiguration {
        var resolved = self
        if resolved.accountPrivateKey == nil {
            resolved.accountPrivateKey =
                try visitorFieldsKeyFile.map(SecretFile.loadGiven(at:))
                ?? SecretFile.loadOrCreate(at: dataDirectory.appendingPathComponent("visitor-fields.key"))
        }
        if resolved.consoleToken == nil {
            resolved.consoleToken = try SecretFile.loadOrCreate(at: consoleTokenFile)
        }
        return resolved
    }

    /// Where the console token is kept when none is given (`console-token` in the data folder, mode 0600).
    public var consoleTokenFile: URL { dataDirectory.appendingPathComponent("console-token") }
}
