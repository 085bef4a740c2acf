import ArgumentParser
import HTTPAPI

/// The connection limits `serve` and `service` share: how long a request head and an idle connection may take, and
/// how many connections one client may hold. Unset, each is `ConnectionLimits`' own default.
struct ConnectionOptions: ParsableArguments {
    private static let defaults = ConnectionLimits()

    @Option(
        help: """
            Seconds a connection has to send a whole request head, from its opening or from the first byte of a \
            later request; a slower one is closed (a slowloris).
            """
    )
    var headerTimeout = defaults.headerTimeout.wholeSeconds

    @Option(
        help: """
            Seconds a connection may wait between requests, or in the middle of a request body, before it is \
            closed; a response being sent (an event stream, a held long-poll) never counts as idle.
            """
    )
    var connectionIdleTimeout = defaults.idleTimeout.wholeSeconds

    @Option(
        help: """
            The most connections one client address (an IPv6 /64) may hold open; more are closed as they are \
            accepted. 0: no cap (a benchmark holding thousands of streams from loopback).
            """
    )
    var maxConnectionsPerClient = defaults.perClient ?? 0

    func validate() throws {
        guard headerTimeout >= 1, connectionIdleTimeout >= 1 else {
            throw ValidationError("--header-timeout and --connection-idle-timeout are whole seconds, at least 1.")
        }
        guard maxConnectionsPerClient >= 0 else {
            throw ValidationError("--max-connections-per-client is 0 (no cap) or more.")
        }
    }

    /// The limits, with `exempt` addresses outside the cap.
    func limits(exempt: [String] = []) -> ConnectionLimits {
        ConnectionLimits(
            headerTimeout: .seconds(headerTimeout),
            idleTimeout: .seconds(connectionIdleTimeout),
            perClient: maxConnectionsPerClient == 0 ? nil : maxConnectionsPerClient,
            exemptClients: Set(exempt)
        )
    }
}
