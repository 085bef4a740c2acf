/// How long a connection may take over a request head or sit idle, and how many one client may hold open: what keeps
/// a client that sends slowly, or nothing, from holding the server's descriptors (SECURITY.md, "Limits").
public struct ConnectionLimits: Sendable, Equatable {
    /// A request head must be complete this long after the connection opens, or after the first byte of a later
    /// request arrives: a slowloris trickling header bytes is closed, whatever the idle timeout.
    public var headerTimeout: Duration
    /// A connection with no request in flight, or whose request body stops arriving, is closed after this long.
    /// A response being written (an event stream, a held long-poll) is never idle.
    public var idleTimeout: Duration
    /// The most connections one client (an IPv4 address, an IPv6 /64) may hold open; beyond it a new one is closed
    /// as it is accepted. Nil: no cap (a benchmark opening thousands of streams from loopback).
    public var perClient: Int?
    /// Addresses the cap does not apply to: the proxies in front, whose connections carry every visitor's.
    public var exemptClients: Set<String>

    /// The limits; the defaults suit a kiosk and a site alike (SECURITY.md says why).
    public init(
        headerTimeout: Duration = .seconds(15),
        idleTimeout: Duration = .seconds(75),
        perClient: Int? = 64,
        exemptClients: Set<String> = []
    ) {
        self.headerTimeout = headerTimeout
        self.idleTimeout = idleTimeout
        self.perClient = perClient
        self.exemptClients = exemptClients
    }
}
