import AsyncHTTPClient
import NIOCore
import NIOHTTP1
import NIOPosix

/// The relay on event loops alone (`relay --on-event-loops`): each stream's connection, its long poll's connection and
/// every callback between them on one event loop, with no task, no executor and no queue in between. What is left of
/// the floor when an event crosses no thread at all; the widget server today crosses several.
enum EventLoopRelay {
    /// Serves `/healthz` and `/streams/{index}` on `port` until the process ends.
    static func run(upstream: String, port: Int, configuration: HTTPClient.Configuration) async throws {
        // A client per event loop, each with its connections on its own loop: one client's pool, asked for a
        // connection on a given loop, walks all of its connections (a copy of each one's state) on every request:
        // more than half of the relay's CPU at 1,000 streams.
        let loops = Array(MultiThreadedEventLoopGroup.singleton.makeIterator())
        let clients = Dictionary(
            uniqueKeysWithValues: loops.map { loop in
                (ObjectIdentifier(loop), HTTPClient(eventLoopGroup: loop, configuration: configuration))
            }
        )
        let channel = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .serverChannelOption(.backlog, value: 1024)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .childChannelInitializer { channel in
                // On the channel's own loop, where the handler stays: it is not sent anywhere.
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.configureHTTPServerPipeline()
                    let client = clients[ObjectIdentifier(channel.eventLoop)]!
                    try channel.pipeline.syncOperations.addHandler(StreamHandler(upstream: upstream, client: client))
                }
            }
            .bind(host: "127.0.0.1", port: port).get()
        try await channel.closeFuture.get()
    }

    /// One connection: `/healthz` answered, or a stream fed by its long poll until the connection closes.
    private final class StreamHandler: ChannelInboundHandler {
        typealias InboundIn = HTTPServerRequestPart
        typealias OutboundOut = HTTPServerResponsePart

        private let upstream: String
        private let client: HTTPClient
        private var poll: StreamPoll?

        init(upstream: String, client: HTTPClient) { (self.upstream, self.client) = (upstream, client) }

        func channelRead(context: ChannelHandlerContext, data: NIOAny) {
            guard case .head(let head) = unwrapInboundIn(data) else { return }
            let parts = head.uri.split(separator: "/")
            guard parts.count == 2, parts[0] == "streams", let index = Int(parts[1]) else {
                var headers = HTTPHeaders()
                headers.add(name: "Content-Length", value: "0")
                context.write(
                    wrapOutboundOut(.head(.init(version: head.version, status: .ok, headers: headers))),
                    promise: nil
                )
                context.writeAndFlush(wrapOutboundOut(.end(nil)), promise: nil)
                return
            }
            var headers = HTTPHeaders()
            headers.add(name: "Content-Type", value: "text/event-stream")
            headers.add(name: "Cache-Control", value: "no-cache")
            context.write(
                wrapOutboundOut(.head(.init(version: head.version, status: .ok, headers: headers))),
                promise: nil
            )
            let opening = ByteBuffer(string: "retry: 2000\n\nevent: snapshot\ndata: {}\n\n")
            context.writeAndFlush(wrapOutboundOut(.body(.byteBuffer(opening))), promise: nil)
            let poll = StreamPoll(url: "\(upstream)/poll/\(index)", channel: context.channel, client: client)
            self.poll = poll
            poll.ask()
        }

        func channelInactive(context: ChannelHandlerContext) {
            poll?.isClosed = true
            context.fireChannelInactive()
        }
    }

    /// A stream's long poll, asked again from its own answer's callback, on the stream's event loop.
    private final class StreamPoll {
        let url: String
        let channel: any Channel
        let client: HTTPClient
        var since = 0
        var isClosed = false

        init(url: String, channel: any Channel, client: HTTPClient) {
            (self.url, self.channel, self.client) = (url, channel, client)
        }

        func ask() {
            guard !isClosed, let request = try? HTTPClient.Request(url: "\(url)?since=\(since)") else { return }
            // The answer's callback runs on the stream's loop (the request is pinned there), where `self` lives.
            let poll = NIOLoopBound(self, eventLoop: channel.eventLoop)
            client.execute(
                request: request,
                delegate: ResponseAccumulator(request: request),
                eventLoop: .delegateAndChannel(on: channel.eventLoop),
                deadline: .now() + .seconds(30)
            ).futureResult.whenComplete { result in
                if case .success(let answer) = result, let body = answer.body { poll.value.relay(body) }
                poll.value.ask()
            }
        }

        private func relay(_ body: ByteBuffer) {
            let (frames, count) = RelayFrames.events(in: body)
            since += count
            guard count > 0 else { return }
            channel.writeAndFlush(HTTPServerResponsePart.body(.byteBuffer(frames)), promise: nil)
        }
    }
}
