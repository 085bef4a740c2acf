import HTTPAPI
import TestSupport
import Testing
import WebimService
import WebimWire

/// The service's connection limits, over raw sockets on loopback: the same header timeout and per-client cap as the
/// widget server's, loopback's widget servers outside the cap by default, and a held long-poll never cut off.
@Suite struct ServiceConnectionLimitTests {
    /// Far above the short limits set here: only a server that never hangs up makes a test wait this long.
    static let patience = Duration.seconds(10)
    static let consoleRequest = "GET /operator HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"

    @Test func aRequestHeadSentSlowlyIsClosedAtTheHeaderTimeout() async throws {
        let limits = ConnectionLimits(headerTimeout: .seconds(1), idleTimeout: .seconds(600))
        try await withLimitedService(limits) { base in
            let halfHead = "GET /operator HTTP/1.1\r\nHost: 127."
            try await withRawConnection(toPort: Self.port(of: base), sending: halfHead) { connection in
                #expect(await connection.isClosedByServer(within: Self.patience))
            }
        }
    }

    @Test func aConnectionLeftIdleIsClosedAtTheIdleTimeout() async throws {
        let limits = ConnectionLimits(headerTimeout: .seconds(600), idleTimeout: .milliseconds(200))
        try await withLimitedService(limits) { base in
            try await withRawConnection(toPort: Self.port(of: base), sending: Self.consoleRequest) { connection in
                #expect(await connection.received(within: Self.patience)?.hasPrefix("HTTP/1.1 ") == true)
                #expect(await connection.isClosedByServer(within: Self.patience))
            }
        }
    }

    @Test func aClientBeyondItsCapIsRefusedAsItConnects() async throws {
        let capOnly = ConnectionLimits(headerTimeout: .seconds(600), idleTimeout: .seconds(600), perClient: 2)
        try await withLimitedService(capOnly) { base in
            let port = Self.port(of: base)
            try await withRawConnections(2, toPort: port) { held in
                for connection in held {
                    try await connection.send(Self.consoleRequest)
                    #expect(await connection.received(within: Self.patience)?.hasPrefix("HTTP/1.1 ") == true)
                }
                try await withRawConnection(toPort: port) { extra in
                    #expect(await extra.isClosedByServer(within: Self.patience))
                }
            }
        }
    }

    @Test func loopbacksWidgetServersAreOutsideTheCapByDefault() async throws {
        try await withTemporaryDirectory { directory in
            // The default's exemption, with a cap of one and timeouts no busy machine reaches.
            let capped: @Sendable (inout ServiceConfiguration) -> Void = {
                $0.connectionLimits.perClient = 1
                $0.connectionLimits.headerTimeout = .seconds(600)
                $0.connectionLimits.idleTimeout = .seconds(600)
            }
            try await LiveStack.withService(dataDirectory: directory, adjust: capped) { base in
                try await withRawConnections(3, toPort: Self.port(of: base)) { held in
                    for connection in held {
                        try await connection.send(Self.consoleRequest)
                        #expect(await connection.received(within: Self.patience)?.hasPrefix("HTTP/1.1 ") == true)
                    }
                }
            }
        }
    }

    @Test func aHeldLongPollOutlivesBothTimeouts() async throws {
        let limits = ConnectionLimits(headerTimeout: .milliseconds(500), idleTimeout: .milliseconds(500))
        try await withLimitedService(limits, holdTimeout: .seconds(2)) { base in
            let visitor = try await ServiceClient.start(base)
            let query = WireForm.encode([("since", String(await visitor.since))] + visitor.auth)
            let poll = "GET \(WireEndpoint.delta)?\(query) HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"
            try await withRawConnection(toPort: Self.port(of: base), sending: poll) { connection in
                // Held for two seconds, four times either timeout, then answered.
                #expect(await connection.received(within: Self.patience)?.hasPrefix("HTTP/1.1 200") == true)
            }
        }
    }

    /// Runs the service with `limits` (nobody exempt unless they say so) in a fresh folder.
    private func withLimitedService(
        _ limits: ConnectionLimits,
        holdTimeout: Duration = .seconds(2),
        _ body: @Sendable (String) async throws -> Void
    ) async throws {
        try await withTemporaryDirectory { directory in
            try await LiveStack.withService(
                dataDirectory: directory,
                holdTimeout: holdTimeout,
                adjust: { $0.connectionLimits = limits },
                body
            )
        }
    }

    private static func port(of base: String) -> Int { Int(base.split(separator: ":").last ?? "") ?? 0 }
}
