import ArgumentParser
import AsyncHTTPClient
import Foundation
import Hummingbird
import Logging
import NIOCore

/// `widget-bench relay`, started by `RelayFloorTarget` as a process of its own: the least a widget server does per
/// event on the libraries it is built on, and nothing of its own. Each stream a client opens gets a long poll to the
/// upstream through AsyncHTTPClient, as a tab's session has; each answer's lines go down the stream through
/// Hummingbird as events. No JSON is parsed, nothing is stored, there is no session: its CPU per event is the floor
/// under the widget server's.
struct RelayCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "relay",
        abstract: "The relay floor's process (started by `relay-floor`; not a benchmark of its own).",
        shouldDisplay: false
    )

    @Option(help: "The upstream's base URL: GET {upstream}/poll/{index}?since=N is held until there is news.")
    var upstream: String

    @Option(help: "The loopback port to serve the streams on.")
    var port: Int

    @Flag(help: "Channel handlers and callbacks on event loops (`EventLoopRelay`) instead of Hummingbird and tasks.")
    var onEventLoops = false

    func run() async throws {
        var configuration = HTTPClient.Configuration()
        // One connection per stream's long poll, as the widget server's core keeps one per tab.
        configuration.connectionPool = .init(
            idleTimeout: .seconds(60),
            concurrentHTTP1ConnectionsPerHostSoftLimit: 20_000
        )
        if onEventLoops {
            try await EventLoopRelay.run(upstream: upstream, port: port, configuration: configuration)
            return
        }
        let client = HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
        let router = Router()
        router.get("/healthz") { _, _ in HTTPResponse.Status.ok }
        router.get("/streams/{index}") { request, context -> Response in
            let index = try context.parameters.require("index", as: Int.self)
            let (frames, sink) = AsyncStream.makeStream(of: ByteBuffer.self)
            let polling = Task { await Self.poll(index: index, upstream: upstream, client: client, into: sink) }
            sink.onTermination = { _ in polling.cancel() }
            return Response(
                status: .ok,
                headers: [.contentType: "text/event-stream", .cacheControl: "no-cache"],
                body: ResponseBody { writer in
                    try await writer.write(ByteBuffer(string: "retry: 2000\n\nevent: snapshot\ndata: {}\n\n"))
                    try await request.body.consumeWithInboundCloseHandler { _ in
                        for await frame in frames { try await writer.write(frame) }
                    } onInboundClosed: {
                        sink.finish()
                    }
                    try await writer.finish(nil)
                }
            )
        }
        var logger = Logger(label: "relay")
        logger.logLevel = .critical
        let app = Application(
            router: router,
            configuration: .init(address: .hostname("127.0.0.1", port: port)),
            logger: logger
        )
        try await app.runService()
        try await client.shutdown()
    }

    /// The stream's long poll: each answer is zero or more lines, one event each, and moves the cursor past them.
    private static func poll(
        index: Int,
        upstream: String,
        client: HTTPClient,
        into sink: AsyncStream<ByteBuffer>.Continuation
    ) async {
        var since = 0
        while !Task.isCancelled {
            // The widget server's transport asks the same way: the callback interface, awaited at one point.
            guard let request = try? HTTPClient.Request(url: "\(upstream)/poll/\(index)?since=\(since)") else { return }
            let task = client.execute(
                request: request,
                delegate: ResponseAccumulator(request: request),
                deadline: .now() + .seconds(30)
            )
            let answer = try? await withTaskCancellationHandler {
                try await task.futureResult.get()
            } onCancel: {
                task.cancel()
            }
            guard let body = answer?.body else { continue }
            let (frames, count) = RelayFrames.events(in: body)
            since += count
            if count > 0 { sink.yield(frames) }
        }
    }
}
