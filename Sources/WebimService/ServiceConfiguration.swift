public import Foundation

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
    /// The account's private key for `visitor-ext` hashes (PROTOCOL.md §2.7); nil accepts any hash.
    public var accountPrivateKey: String?
    /// The operator console page's folder (`index.html`, `css/`, `js/`); nil serves the console's JSON API only.
    public var consoleDirectory: URL?

    /// The private key a default configuration uses, so that signed visitors work out of the box.
    public static let defaultAccountPrivateKey = "webim-widget-local-private-key"

    public init(
        host: String = "127.0.0.1",
        port: Int = 8081,
        dataDirectory: URL,
        scenariosDirectory: URL,
        holdTimeout: Duration = .seconds(25),
        accountPrivateKey: String? = ServiceConfiguration.defaultAccountPrivateKey,
        consoleDirectory: URL? = nil
    ) {
        self.host = host
        self.port = port
        self.dataDirectory = dataDirectory
        self.scenariosDirectory = scenariosDirectory
        self.holdTimeout = holdTimeout
        self.accountPrivateKey = accountPrivateKey
        self.consoleDirectory = consoleDirectory
    }
}
