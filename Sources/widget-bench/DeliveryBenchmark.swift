import ArgumentParser
import Foundation
import TestSupport
import WebimClientLibrary

/// The time from `MessageStream.send` to the message being in the service's store (its action answered ok).
struct DeliveryBenchmark: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "delivery",
        abstract: "Visitor message: send → stored by the embedded service, one at a time."
    )

    @Option(help: "How many messages to send.")
    var count = 1_000

    func run() async throws {
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
        print(Summary(name: "send → stored", timings: timings).table)
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
