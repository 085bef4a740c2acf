package import Logging
package import NIOCore
package import NIOHTTPTypes

/// Closes a connection whose request head is not complete within the header timeout (`RequestHeadDeadline`).
///
/// It sits after the HTTP decoder, so it sees whole heads; `channelReadComplete`, which follows every read of the
/// socket even when the decoder made nothing of it, tells it that bytes of a head have started to arrive.
package final class RequestHeadTimeoutHandler: ChannelDuplexHandler, RemovableChannelHandler {
    package typealias InboundIn = HTTPRequestPart
    package typealias InboundOut = HTTPRequestPart
    package typealias OutboundIn = HTTPResponsePart
    package typealias OutboundOut = HTTPResponsePart

    private let timeout: TimeAmount
    private let logger: Logger
    private var deadline = RequestHeadDeadline()
    private var timer: Scheduled<Void>?

    /// A handler closing connections whose head takes longer than `timeout`.
    package init(timeout: Duration, logger: Logger) {
        self.timeout = TimeAmount(timeout)
        self.logger = logger
    }

    package func handlerAdded(context: ChannelHandlerContext) {
        if context.channel.isActive { perform(deadline.connectionOpened(), context: context) }
    }

    package func handlerRemoved(context: ChannelHandlerContext) {
        timer?.cancel()
        timer = nil
    }

    package func channelActive(context: ChannelHandlerContext) {
        perform(deadline.connectionOpened(), context: context)
        context.fireChannelActive()
    }

    package func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        if case .head = unwrapInboundIn(data) { perform(deadline.headReceived(), context: context) }
        context.fireChannelRead(data)
    }

    package func channelReadComplete(context: ChannelHandlerContext) {
        perform(deadline.bytesArrived(), context: context)
        context.fireChannelReadComplete()
    }

    package func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        if case .end = unwrapOutboundIn(data) { perform(deadline.responseEnded(), context: context) }
        context.write(data, promise: promise)
    }

    private func perform(_ action: RequestHeadDeadline.Action, context: ChannelHandlerContext) {
        switch action {
        case .arm(let generation):
            timer?.cancel()
            timer = context.eventLoop.assumeIsolated().scheduleTask(in: timeout) {
                self.perform(self.deadline.deadlinePassed(generation: generation), context: context)
            }
        case .disarm:
            timer?.cancel()
            timer = nil
        case .close:
            timer = nil
            // Debug: under a flood of slow clients a line each would be the flood again, in the log.
            logger.debug("request head not complete in time; connection closed")
            context.close(promise: nil)
        case .none:
            break
        }
    }
}

// Used on its channel's event loop only.
@available(*, unavailable)
extension RequestHeadTimeoutHandler: Sendable {}
