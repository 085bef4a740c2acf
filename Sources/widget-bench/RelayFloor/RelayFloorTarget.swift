import Foundation
import TestSupport

/// The relay floor as a fan-out target: `PollUpstream` in this process plays the chat service, and a `relay` child
/// process (this benchmark's own executable) plays the widget server with nothing of its own. Its CPU per event is
/// what AsyncHTTPClient's long poll, Hummingbird's stream and the threads between them cost before any of the widget
/// server's work.
final class RelayFloorTarget: FanoutTarget, @unchecked Sendable {
    // @unchecked: `relay` and `relayURL` are set once in `start`, before any other call.
    let name = "relay floor"
    private let http: BenchHTTP
    private let upstream = PollUpstream()
    private var relay: ChildServer?
    private var relayURL = ""

    init(http: BenchHTTP) { self.http = http }

    /// Starts the upstream, then the relay on a free port, logging into `directory`.
    func start(directory: URL) async throws {
        let upstreamURL = try await upstream.start()
        let port = try FreePort.make()
        relayURL = "http://127.0.0.1:\(port)"
        let relay = ChildServer(
            name: "relay",
            binary: URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath(),
            arguments: ["relay", "--upstream", upstreamURL, "--port", String(port)],
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

    func publish(to index: Int, text: String) async throws { upstream.publish(to: index, text: text) }

    func serverCPUTime() -> Duration? { relay?.pid.flatMap(ProcessCPU.time(of:)) }

    func widgetCPUTime() -> Duration? { serverCPUTime() }
}
