import NIOCore
import NIOPosix
import Synchronization

/// Runs `body` with a bare TCP connection to `host:port`, closed when it returns: for tests of what a server does
/// with a client that sends half a request head, or nothing, which no HTTP client would do.
///
/// `sending` goes out as soon as the connection is made, from the event loop: a test task that a busy machine
/// schedules late cannot then miss a server's short header timeout before it has sent anything.
public func withRawConnection<Result>(
    toPort port: Int,
    host: String = "127.0.0.1",
    sending initial: String? = nil,
    _ body: (RawConnection) async throws -> Result
) async throws -> Result {
    let channel = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
        .connect(host: host, port: port) { channel in
            channel.eventLoop.makeCompletedFuture {
                if let initial { try channel.pipeline.syncOperations.addHandler(InitialBytesHandler(initial)) }
                return try NIOAsyncChannel<ByteBuffer, ByteBuffer>(wrappingChannelSynchronously: channel)
            }
        }
    return try await channel.executeThenClose { inbound, outbound in
        try await body(
            RawConnection(channel: channel.channel, inbound: inbound.makeAsyncIterator(), outbound: outbound)
        )
    }
}

/// Runs `body` with `count` raw connections open at once, in the order they were opened.
public func withRawConnections<Result>(
    _ count: Int,
    toPort port: Int,
    _ body: ([RawConnection]) async throws -> Result
) async throws -> Result {
    guard count > 0 else { return try await body([]) }
    return try await withRawConnection(toPort: port) { first in
        try await withRawConnections(count - 1, toPort: port) { rest in try await body([first] + rest) }
    }
}

/// One raw connection: what the test sends, and what the server answers or whether it hangs up.
public final class RawConnection {
    private let channel: any Channel
    private var inbound: NIOAsyncChannelInboundStream<ByteBuffer>.AsyncIterator
    private let outbound: NIOAsyncChannelOutboundWriter<ByteBuffer>
    private var isEnded = false

    fileprivate init(
        channel: any Channel,
        inbound: NIOAsyncChannelInboundStream<ByteBuffer>.AsyncIterator,
        outbound: NIOAsyncChannelOutboundWriter<ByteBuffer>
    ) {
        self.channel = channel
        self.inbound = inbound
        self.outbound = outbound
    }

    /// Sends `text` as it is.
    public func send(_ text: String) async throws {
        try await outbound.write(ByteBuffer(string: text))
    }

    /// The next bytes the server sends, or nil if it closes the connection or sends nothing within `timeout`
    /// (then the connection is closed by this side).
    public func received(within timeout: Duration) async -> String? {
        await readBounded(by: timeout) { iterator in
            guard let chunk = try? await iterator.next() else { return nil }
            return String(buffer: chunk)
        }
    }

    /// What the server sends until it has sent every one of `markers`, in any number of reads; nil if it closes the
    /// connection or `timeout` passes first.
    public func received(containing markers: [String], within timeout: Duration) async -> String? {
        await readBounded(by: timeout) { iterator in
            var text = ""
            while !markers.allSatisfy(text.contains) {
                guard let chunk = try? await iterator.next() else { return nil }
                text += String(buffer: chunk)
            }
            return text
        }
    }

    /// Whether the server closes the connection within `timeout`; what it sends before is read and dropped.
    public func isClosedByServer(within timeout: Duration) async -> Bool {
        await readBounded(by: timeout) { iterator in
            // A reset ends the connection as surely as a close.
            while (try? await iterator.next()) != nil {}
            return true
        } ?? false
    }

    /// Runs `read` until it returns, or until `timeout` passes: then this side closes the channel, which ends the
    /// read, and the answer is nil whatever the read made of it.
    private func readBounded<Value>(
        by timeout: Duration,
        _ read: (inout NIOAsyncChannelInboundStream<ByteBuffer>.AsyncIterator) async -> Value?
    ) async -> Value? {
        guard !isEnded else { return nil }
        let timedOut = TimeoutFlag()
        return await withTaskGroup(of: Void.self) { group in
            group.addTask { [channel] in
                guard (try? await Task.sleep(for: timeout)) != nil else { return }
                timedOut.set()
                channel.close(promise: nil)
            }
            let value = await read(&inbound)
            group.cancelAll()
            if value == nil || timedOut.isSet { isEnded = true }
            return timedOut.isSet ? nil : value
        }
    }
}

/// Whether a bounded read ran out of time, set by the task that closes the channel then.
private final class TimeoutFlag: Sendable {
    private let value = Mutex(false)

    func set() { value.withLock { $0 = true } }

    var isSet: Bool { value.withLock { $0 } }
}

/// Writes its bytes the moment the connection is made.
private final class InitialBytesHandler: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    typealias OutboundOut = ByteBuffer

    private let bytes: String

    init(_ bytes: String) { self.bytes = bytes }

    func channelActive(context: ChannelHandlerContext) {
        context.writeAndFlush(wrapOutboundOut(ByteBuffer(string: bytes)), promise: nil)
        context.fireChannelActive()
    }
}
