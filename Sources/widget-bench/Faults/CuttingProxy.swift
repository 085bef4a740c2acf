import NIOCore
import NIOPosix
import Synchronization

/// A TCP proxy between the clients and the widget server that can cut every event-stream connection at once, as a
/// flaky mobile network or a proxy's idle timeout does, while other requests pass untouched.
final class CuttingProxy: Sendable {
    private let server: any Channel
    private let registry: Registry
    /// The port clients connect to.
    let port: Int

    /// Listens on a free loopback port and forwards each connection to `targetPort`.
    init(targetPort: Int) async throws {
        let registry = Registry()
        server = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .childChannelInitializer { inbound in
                // On the client connection's own event loop, so that both sides' handlers are added synchronously.
                ClientBootstrap(group: inbound.eventLoop)
                    .connect(host: "127.0.0.1", port: targetPort)
                    .flatMapThrowing { outbound in
                        try inbound.pipeline.syncOperations.addHandler(StreamSniffer(registry: registry))
                        try inbound.pipeline.syncOperations.addHandler(Relay(peer: outbound))
                        try outbound.pipeline.syncOperations.addHandler(Relay(peer: inbound))
                    }
            }
            .bind(host: "127.0.0.1", port: 0).get()
        port = server.localAddress?.port ?? 0
        self.registry = registry
    }

    /// Closes every open event-stream connection; returns how many there were.
    @discardableResult
    func cutStreams() -> Int {
        let open = registry.take()
        for channel in open { channel.close(promise: nil) }
        return open.count
    }

    func shutdown() async throws { try await server.close() }

    /// The client connections that asked for an event stream.
    final class Registry: Sendable {
        private let channels = Mutex<[ObjectIdentifier: any Channel]>([:])

        func add(_ channel: any Channel) { channels.withLock { $0[ObjectIdentifier(channel)] = channel } }

        func take() -> [any Channel] {
            channels.withLock { channels in
                defer { channels = [:] }
                return Array(channels.values)
            }
        }
    }
}

/// Marks a client connection once it asks for an event stream (`GET …/events`), whatever it carried before: the
/// client reuses kept-alive connections.
private final class StreamSniffer: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer
    private let registry: CuttingProxy.Registry

    init(registry: CuttingProxy.Registry) { self.registry = registry }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let buffer = unwrapInboundIn(data)
        let head = buffer.getString(at: buffer.readerIndex, length: min(buffer.readableBytes, 512)) ?? ""
        if head.hasPrefix("GET "), let line = head.split(separator: "\r\n").first, line.contains("/events") {
            registry.add(context.channel)
        }
        context.fireChannelRead(data)
    }
}

/// Writes what one side reads to the other side, and closes the other side when this one closes.
private final class Relay: ChannelDuplexHandler {
    typealias InboundIn = ByteBuffer
    typealias OutboundIn = ByteBuffer
    typealias OutboundOut = ByteBuffer
    private let peer: any Channel

    init(peer: any Channel) { self.peer = peer }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        peer.writeAndFlush(unwrapInboundIn(data), promise: nil)
    }

    func channelInactive(context: ChannelHandlerContext) {
        peer.close(promise: nil)
        context.fireChannelInactive()
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) { context.close(promise: nil) }
}
