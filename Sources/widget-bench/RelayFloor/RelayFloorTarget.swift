import Foundation
import Synchronization
import TestSupport

/// The relay floor as a fan-out target: `PollUpstream` in this process plays the chat service, and a `relay` child
/// process (this benchmark's own executable) plays the widget server with nothing of its own. Its CPU per event is
/// what AsyncHTTPClient's long poll, Hummingbird's stream and the threads between them cost before any of the widget
/// server's work.
final class RelayFloorTarget: FanoutTarget, @unchecked Sendable {
    // @unchecked: `relay` and `relayURL` are set once in `start`, before any other call.
    let name: String
    private let http: BenchHTTP
    private let upstream = PollUpstream()
    private var relay: ChildServer?
    private var relayURL = ""
    /// Each message's turn, when the messages are paced (`rate`): the chat service delivers about a thousand a
    /// second, and a relay fed faster shares more of each poll's answers between messages.
    private let nextTurn = Mutex(ContinuousClock.now)
    private let interval: Duration?

    private let onEventLoops: Bool

    /// `rate`: messages a second at most, for all streams together; nil for as fast as they come. `onEventLoops`:
    /// the relay's `EventLoopRelay` instead of Hummingbird and tasks.
    init(http: BenchHTTP, rate: Int? = nil, onEventLoops: Bool = false) {
        self.http = http
        self.onEventLoops = onEventLoops
        name = onEventLoops ? "relay floor on event loops" : "relay floor"
        interval = rate.map { .seconds(1) / max($0, 1) }
    }

    /// Starts the upstream, then the relay on a free port, logging into `directory`.
    func start(directory: URL) async throws {
        let upstreamURL = try await upstream.start()
        let port = try FreePort.make()
        relayURL = "http://127.0.0.1:\(port)"
        let relay = ChildServer(
            name: "relay",
            binary: URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath(),
            arguments: ["relay", "--upstream", upstreamURL, "--port", String(port)]
                + (onEventLoops ? ["--on-event-loops"] : []),
            readyURL: relayURL + "/healthz",
            logDirectory: directory
        )
        try await relay.start(http: http)
        self.relay = relay
    }

    func stop() {
        relay?.stop()
        upstream.stop()
    }

    func prepare(count: Int) async throws -> [String] { (0..<count).map { "\(relayURL)/streams/\($0)" } }

    func publish(to index: Int, text: String) async throws {
        if let interval {
            let turn = nextTurn.withLock { next in
                next = max(next, .now)
                defer { next += interval }
                return next
            }
            try await Task.sleep(until: turn)
        }
        upstream.publish(to: index, text: text)
    }

    func serverCPUTime() -> Duration? { relay?.pid.flatMap(ProcessCPU.time(of:)) }

    func widgetCPUTime() -> Duration? { serverCPUTime() }
}
