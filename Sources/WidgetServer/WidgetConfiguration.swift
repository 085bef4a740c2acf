public import Foundation

/// How the widget server runs.
public struct WidgetConfiguration: Sendable {
    /// Interface to bind; loopback unless told otherwise.
    public var host: String
    /// Port; 0 picks a free one.
    public var port: Int
    /// The chat service: the embedded one's URL, or a Webim account name or URL.
    public var accountURL: String
    /// The Webim location of tabs that do not name one.
    public var defaultLocation: String
    /// Where tabs keep their visitors' history databases.
    public var dataDirectory: URL
    /// Static files served under `/static/`.
    public var publicDirectory: URL
    /// Mustache pages.
    public var templatesDirectory: URL
    /// A tab that no page has read for this long is closed and its session destroyed.
    public var tabIdleTimeout: Duration
    /// How often an event stream sends `: ping` to keep proxies from closing it.
    public var pingInterval: Duration
    /// How many events a slow reader may fall behind before its stream is closed (it resumes by cursor).
    public var streamQueueCapacity: Int

    /// A configuration; the timing defaults are the contract's (10 min idle tabs, 15 s pings).
    public init(
        host: String = "127.0.0.1",
        port: Int = 8080,
        accountURL: String,
        defaultLocation: String = "default",
        dataDirectory: URL,
        publicDirectory: URL,
        templatesDirectory: URL,
        tabIdleTimeout: Duration = .seconds(600),
        pingInterval: Duration = .seconds(15),
        streamQueueCapacity: Int = 1024
    ) {
        self.host = host
        self.port = port
        self.accountURL = accountURL
        self.defaultLocation = defaultLocation
        self.dataDirectory = dataDirectory
        self.publicDirectory = publicDirectory
        self.templatesDirectory = templatesDirectory
        self.tabIdleTimeout = tabIdleTimeout
        self.pingInterval = pingInterval
        self.streamQueueCapacity = streamQueueCapacity
    }
}
