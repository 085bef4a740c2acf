import ArgumentParser
import Foundation
import NIOHTTP1
import TestSupport
import WebimClientLibrary

/// The time from a visitor's message to its being in the service's store, one at a time: through the widget
/// (`POST /api/tabs/{id}/messages` → the tab's `result` event, sent when the service answers that it stored it),
/// and through the client core alone (`MessageStream.send` → its completion handler).
struct DeliveryBenchmark: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "delivery",
        abstract: "Visitor message → stored by the embedded service, one at a time: via the widget, via the core."
    )

    @Option(help: "How many messages to send.")
    var count = 1_000

    func run() async throws {
        print(try await Self.throughWidget(count: count).table)
        print(try await Self.throughCore(count: count).table)
    }

    static func throughWidget(count: Int) async throws -> Summary {
        let http = BenchHTTP(maxConnections: 16)
        defer { Task { try? await http.shutdown() } }
        return try await withTemporaryDirectory { directory in
            let server = try await ServerUnderTest.start(dataDirectory: directory, client: http)
            defer { server.stop() }
            let answer = try await http.object(.POST, server.widgetURL + "/api/tabs", json: ["location": "benchmark"])
            guard let tab = (answer as? [String: Any])?["tabId"] as? String else { throw BenchError("no tabId") }
            let fleet = StreamFleet()
            defer { fleet.close() }
            try await fleet.open([server.widgetURL + "/api/tabs/\(tab)/events"], http: http)
            let clock = ContinuousClock()
            var timings: [Duration] = []
            var cpuAfterWarmUp: Duration = .zero
            // The first message (a warm-up, not counted) opens the chat.
            for index in 0...count {
                if index == 1 { cpuAfterWarmUp = server.cpuTime() ?? .zero }
                let clientID = "delivery-\(index)"
                let sent = clock.now
                _ = try await http.object(
                    .POST,
                    server.widgetURL + "/api/tabs/\(tab)/messages",
                    json: ["text": "Message \(index)", "clientId": clientID]
                )
                let stored = await fleet.book.arrival(of: "result-\(clientID)")
                if index > 0 { timings.append(stored - sent) }
            }
            // The server's CPU (widget, client core and embedded service together) per message, waits for disk
            // excluded.
            let cpu = ((server.cpuTime() ?? .zero) - cpuAfterWarmUp) / max(count, 1)
            return Summary(
                name: "widget POST /messages → stored (server CPU \(Summary.milliseconds(cpu)) per message)",
                timings: timings
            )
        }
    }

    static func throughCore(count: Int) async throws -> Summary {
        let timings = try await withTemporaryDirectory { directory in
            try await LiveStack.withService(dataDirectory: directory) { service in
                let visitor = BenchmarkVisitor()
                try await visitor.start(accountURL: service, storage: directory.appendingPathComponent("visitor"))
                // One warm-up message opens the chat and the connections.
                _ = try await visitor.sendAndWaitForStore("warm-up")
                var timings: [Duration] = []
                for index in 0..<count { timings.append(try await visitor.sendAndWaitForStore("Message \(index)")) }
                try await visitor.stop()
                return timings
            }
        }
        return Summary(name: "core send → stored (HTTP)", timings: timings)
    }
}

/// A session on its own executor that reports when each message is stored.
actor BenchmarkVisitor {
    let executor = WebimExecutor(label: "bench.visitor")
    nonisolated var unownedExecutor: UnownedSerialExecutor { executor.asUnownedSerialExecutor() }
    private var session: (any WebimSession)?
    private let stored: AsyncStream<String>
    private let storedSink: AsyncStream<String>.Continuation
    private lazy var handler = StoredSignal(sink: storedSink)

    init() { (stored, storedSink) = AsyncStream.makeStream(of: String.self) }

    func start(accountURL: String, storage: URL) throws {
        let session = try Webim.newSessionBuilder()
            .set(accountName: accountURL)
            .set(location: "benchmark")
            .set(storageDirectory: storage)
            .set(executor: executor)
            .build()
        try session.resume()
        self.session = session
    }

    /// Sends `text` and returns the time until the service answered that it stored it.
    func sendAndWaitForStore(_ text: String) async throws -> Duration {
        guard let session else { throw AccessError.invalidSession }
        let clock = ContinuousClock()
        let start = clock.now
        let id = try session.getStream().send(message: text, completionHandler: handler)
        for await storedID in stored where storedID == id { break }
        return clock.now - start
    }

    func stop() throws { try session?.destroy() }
}

/// Signals each stored message.
final class StoredSignal: SendMessageCompletionHandler {
    private let sink: AsyncStream<String>.Continuation
    init(sink: AsyncStream<String>.Continuation) { self.sink = sink }
    func onSuccess(messageID: String) { sink.yield(messageID) }
}
