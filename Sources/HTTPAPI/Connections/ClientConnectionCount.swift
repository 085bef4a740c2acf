/// How many connections each client holds open, under a cap: the state of `ClientConnectionLedger`, without I/O.
package struct ClientConnectionCount: Sendable {
    /// The most connections one client may hold.
    package let cap: Int
    private var open: [String: Int] = [:]

    /// A count with nobody connected.
    package init(cap: Int) {
        self.cap = cap
    }

    /// Counts a new connection of `client` and says whether it fits; a refused one is not counted.
    package mutating func admit(_ client: String) -> Bool {
        let held = open[client, default: 0]
        guard held < cap else { return false }
        open[client] = held + 1
        return true
    }

    /// Forgets a closed connection of `client`, and the client with its last one, so the table holds only clients
    /// that are connected.
    package mutating func release(_ client: String) {
        guard let held = open[client] else { return }
        open[client] = held > 1 ? held - 1 : nil
    }

    /// How many connections `client` holds.
    package func connections(of client: String) -> Int { open[client, default: 0] }

    /// How many clients hold a connection.
    package var clients: Int { open.count }
}
