import AsyncHTTPClient
import Foundation
import Hummingbird
import Logging
import NIOHTTP1
import Synchronization

/// The floor: a bare Hummingbird SSE broadcaster with no client core and no chat service behind it.
final class FloorTarget: FanoutTarget, @unchecked Sendable {
    // @unchecked: `baseURL` and `server` are set once in `start`, before any other call.
    let name = "floor (bare SSE)"
    private let http: BenchHTTP
    private let streams = Mutex<[Int: AsyncStream<String>.Continuation]>([:])
    private var baseURL = ""
    private var server: Task<Void, any Error>?

    init(http: BenchHTTP) { self.http = http }

    /// Starts the broadcaster on a free loopback port.
    func start() async throws {
        let router = Router()
        router.get("/streams/{index}") { _, context -> Response in
            let index = try context.parameters.require("index", as: Int.self)
            let (frames, sink) = AsyncStream.makeStream(of: String.self)
            self.streams.withLock { $0[index] = sink }
            sink.yield("retry: 2000\n\nevent: snapshot\ndata: {}\n\n")
            return Response(
                status: .ok,
                headers: [.contentType: "text/event-stream", .cacheControl: "no-cache"],
                body: ResponseBody { writer in
                    for await frame in frames { try await writer.write(ByteBuffer(string: frame)) }
                    try await writer.finish(nil)
                }
            )
        }
        router.post("/publish/{index}") { request, context -> HTTPResponse.Status in
            let index = try context.parameters.require("index", as: Int.self)
            let text = String(buffer: try await request.body.collect(upTo: 4096))
            let frame = "event: message.added\ndata: {\"message\":{\"text\":\"\(text)\"}}\n\n"
            _ = self.streams.withLock { $0[index] }?.yield(frame)
            return .noContent
        }
        let (ports, portSink) = AsyncStream.makeStream(of: Int.self)
        let app = Application(
            router: router,
            configuration: .init(address: .hostname("127.0.0.1", port: 0)),
            onServerRunning: { portSink.yield($0.localAddress?.port ?? 0) },
            logger: Self.quietLogger
        )
        server = Task { try await app.runService() }
        var iterator = ports.makeAsyncIterator()
        guard let port = await iterator.next() else { throw BenchError("the floor broadcaster did not start") }
        baseURL = "http://127.0.0.1:\(port)"
    }

    func stop() { server?.cancel() }

    /// Only critical lines: cancelling the server at the end logs its closed channels as errors.
    private static let quietLogger: Logger = {
        var logger = Logger(label: "floor")
        logger.logLevel = .critical
        return logger
    }()

    func prepare(count: Int) async throws -> [String] { (0..<count).map { "\(baseURL)/streams/\($0)" } }

    /// The broadcaster runs in this process, beside the benchmark's own clients: its CPU is not its own.
    func serverCPUTime() -> Duration? { nil }

    func publish(to index: Int, text: String) async throws {
        var request = HTTPClientRequest(url: baseURL + "/publish/\(index)")
        request.method = .POST
        request.body = .bytes(ByteBuffer(string: text))
        let response = try await http.client.execute(request, timeout: .seconds(30))
        _ = try await response.body.collect(upTo: 1024)
    }
}
