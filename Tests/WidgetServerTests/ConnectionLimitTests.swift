import HTTPAPI
import TestSupport
import Testing
import WidgetServer

/// The widget server's connection limits, over raw sockets on loopback: a head sent slowly, a connection left idle, a
/// client holding more connections than it may, and what must outlive the timeouts (an event stream).
@Suite struct ConnectionLimitTests {
    /// How long a test waits for the server to hang up: far above the short limits set here, so only a server that
    /// never does makes the test wait this long, and fail.
    static let patience = Duration.seconds(10)
    static let healthRequest = "GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"

    @Test func aRequestHeadSentSlowlyIsClosedAtTheHeaderTimeout() async throws {
        // An idle timeout far beyond the wait: only the header timeout can close this connection in time.
        let limits = ConnectionLimits(headerTimeout: .seconds(1), idleTimeout: .seconds(600))
        try await withStack(limits) { stack in
            let halfHead = "GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n"
            try await withRawConnection(toPort: stack.widgetPort, sending: halfHead) { connection in
                #expect(await connection.isClosedByServer(within: Self.patience))
            }
            // A head that does arrive in time is answered, and so is the next one on the same connection, however
            // long after the first answer it comes: between requests only the idle timeout runs.
            try await withRawConnection(toPort: stack.widgetPort, sending: Self.healthRequest) { connection in
                #expect(await connection.received(within: Self.patience)?.hasPrefix("HTTP/1.1 200") == true)
                try await connection.send(Self.healthRequest)
                #expect(await connection.received(within: Self.patience)?.hasPrefix("HTTP/1.1 200") == true)
            }
        }
    }

    @Test func aConnectionLeftIdleIsClosedAtTheIdleTimeout() async throws {
        let limits = ConnectionLimits(headerTimeout: .seconds(600), idleTimeout: .milliseconds(200))
        try await withStack(limits) { stack in
            // Nothing sent at all.
            try await withRawConnection(toPort: stack.widgetPort) { connection in
                #expect(await connection.isClosedByServer(within: Self.patience))
            }
            // Nothing sent after a first answer.
            try await withRawConnection(toPort: stack.widgetPort, sending: Self.healthRequest) { connection in
                #expect(await connection.received(within: Self.patience)?.hasPrefix("HTTP/1.1 200") == true)
                #expect(await connection.isClosedByServer(within: Self.patience))
            }
        }
    }

    @Test func anEventStreamOutlivesBothTimeouts() async throws {
        let limits = ConnectionLimits(headerTimeout: .seconds(1), idleTimeout: .seconds(1))
        try await withStack(limits, pingInterval: .milliseconds(300)) { stack in
            let tab = try await WidgetClient(stack).createTab()
            let events = "GET /api/tabs/\(tab)/events HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"
            try await withRawConnection(toPort: stack.widgetPort, sending: events) { connection in
                // Five pings, 300 ms apart, on a stream both 1 s timeouts would have cut off had they counted it.
                var seen = 0
                while seen < 5 {
                    guard await connection.received(containing: [": ping"], within: Self.patience) != nil else { break }
                    seen += 1
                }
                #expect(seen == 5)
            }
        }
    }

    @Test func aClientBeyondItsCapIsRefusedAsItConnects() async throws {
        try await withStack(Self.capOnly(perClient: 2)) { stack in
            try await withRawConnections(2, toPort: stack.widgetPort) { held in
                // Each answered, so the server has counted each before the next one comes.
                for connection in held {
                    try await connection.send(Self.healthRequest)
                    #expect(await connection.received(within: Self.patience)?.hasPrefix("HTTP/1.1 200") == true)
                }
                try await withRawConnection(toPort: stack.widgetPort) { extra in
                    #expect(await extra.isClosedByServer(within: Self.patience))
                }
            }
            // Closed connections are no longer counted: the client gets in again (the server sees the close on its
            // own time, so retry until it has).
            let port = stack.widgetPort
            let admitted = await eventually(within: Self.patience) {
                (try? await withRawConnection(toPort: port) { connection in
                    try await connection.send(Self.healthRequest)
                    return await connection.received(within: Self.patience)?.hasPrefix("HTTP/1.1 200") == true
                }) == true
            }
            #expect(admitted)
        }
    }

    @Test func aTrustedProxyIsNotCapped() async throws {
        try await withStack(Self.capOnly(perClient: 1), trustedProxies: ["127.0.0.1"]) { stack in
            try await withRawConnections(3, toPort: stack.widgetPort) { held in
                for connection in held {
                    try await connection.send(Self.healthRequest)
                    #expect(await connection.received(within: Self.patience)?.hasPrefix("HTTP/1.1 200") == true)
                }
            }
        }
    }

    /// A cap of `perClient`, with timeouts no busy machine reaches, so that only the cap closes a connection.
    static func capOnly(perClient: Int) -> ConnectionLimits {
        ConnectionLimits(headerTimeout: .seconds(600), idleTimeout: .seconds(600), perClient: perClient)
    }

    /// Runs the stack with the widget server under `limits`.
    private func withStack(
        _ limits: ConnectionLimits,
        trustedProxies: [String] = [],
        pingInterval: Duration = .seconds(15),
        _ body: @Sendable (LiveStack) async throws -> Void
    ) async throws {
        let adjust: @Sendable (inout WidgetConfiguration) -> Void = {
            $0.connectionLimits = limits
            $0.trustedProxies = trustedProxies
            $0.pingInterval = pingInterval
        }
        try await LiveStack.withStack(adjust: adjust, body)
    }
}

extension LiveStack {
    /// The widget server's port.
    var widgetPort: Int { Int(widgetURL.split(separator: ":").last ?? "") ?? 0 }
}
