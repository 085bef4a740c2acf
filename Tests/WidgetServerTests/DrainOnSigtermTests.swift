import Foundation
import TestSupport
import Testing

/// `webim-widget serve` as a process, stopped as a supervisor stops it: SIGTERM drains it through the same service
/// group as in production (its streams told to reconnect), then it exits 0.
///
/// It runs the binary that `swift build --build-tests` built beside the tests; a missing one fails the test.
@Suite struct DrainOnSigtermTests {
    @Test func sigtermTellsOpenStreamsToReconnectThenExitsZero() async throws {
        let binary = try Self.builtBinary()
        try await withTemporaryDirectory { directory in
            let (port, servicePort) = (try FreePort.make(), try FreePort.make())
            let process = Process()
            process.executableURL = binary
            process.arguments = [
                "serve", "--port", String(port), "--service-port", String(servicePort), "--data-dir", directory.path,
                "--resources", repositoryRoot.path, "--log-level", "warning", "--drain-timeout", "5",
            ]
            let (exits, exited) = AsyncStream.makeStream(of: Int32.self)
            process.terminationHandler = { ended in
                exited.yield(ended.terminationReason == .exit ? ended.terminationStatus : -ended.terminationStatus)
                exited.finish()
            }
            try process.run()
            // Whatever fails below, the process does not outlive the test.
            defer { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }
            let client = WidgetClient(baseURL: "http://127.0.0.1:\(port)")
            let started = await eventually(within: .seconds(60)) {
                (try? await client.get("/readyz"))?.status == 200
            }
            try #require(started, "webim-widget serve did not answer /readyz")
            let tab = try await client.createTab()
            let stream = try await client.events(tab, includeRetry: true)
            #expect(await stream.waitFor { $0.name == "snapshot" } != nil)

            process.terminate()
            let retry = await stream.waitFor { $0.name == "retry:" }
            #expect(retry?.data == "1000")
            let reconnect = await stream.next()
            #expect(reconnect?.name == "reconnect" && reconnect?.json["reason"] as? String == "draining")
            #expect(await stream.ends(), "the stream went on after reconnect")
            let status = await withTimeout(.seconds(60)) { await exits.first { _ in true } }
            #expect(status == 0, "exit status \(String(describing: status)) (negative: killed by that signal)")
        }
    }

    /// `webim-widget`, built beside the test bundle.
    static func builtBinary() throws -> URL {
        let binary = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
            .deletingLastPathComponent().appendingPathComponent("webim-widget")
        try #require(
            FileManager.default.isExecutableFile(atPath: binary.path),
            "no webim-widget beside the tests at \(binary.path): build it with swift build --build-tests"
        )
        return binary
    }
}
