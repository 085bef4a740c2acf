public import Foundation

/// How the embedded service runs.
public struct ServiceConfiguration: Sendable {
    /// Interface to bind; loopback unless told otherwise.
    public var host: String
    /// Port; 0 picks a free one.
    public var port: Int
    /// Where `service.sqlite` lives.
    public var dataDirectory: URL
    /// The folder of scenario files.
    public var scenariosDirectory: URL
    /// How long a delta poll is held when nothing changes.
    public var holdTimeout: Duration

    public init(
        host: String = "127.0.0.1",
        port: Int = 8081,
        dataDirectory: URL,
        scenariosDirectory: URL,
        holdTimeout: Duration = .seconds(25)
    ) {
        self.host = host
        self.port = port
        self.dataDirectory = dataDirectory
        self.scenariosDirectory = scenariosDirectory
        self.holdTimeout = holdTimeout
    }
}
