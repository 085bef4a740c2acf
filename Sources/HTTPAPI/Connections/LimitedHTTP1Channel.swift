package import HummingbirdCore
package import Logging
package import NIOCore

/// Hummingbird's HTTP/1 channel under `ConnectionLimits`: the per-client cap checked as each connection is accepted,
/// and the request-head deadline and idle timeout on every connection.
package struct LimitedHTTP1Channel: ServerChildChannel {
    package typealias Value = HTTP1Channel.Value

    let http1: HTTP1Channel
    let ledger: ClientConnectionLedger

    package func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Value> {
        let isAdmitted = ledger.admit(channel)
        return http1.setup(channel: channel, logger: logger).map { value in
            // Closed once the pipeline is built rather than failed: the async channel then sees the close and its
            // handler returns at once, and the listener is not told of an error.
            if !isAdmitted {
                // Debug, as for a slow head: a client past its cap would otherwise fill the log.
                logger.debug(
                    "connection refused: its client holds the most connections allowed",
                    metadata: ["client": "\(channel.remoteAddress?.ipAddress ?? "?")"]
                )
                channel.close(promise: nil)
            }
            return value
        }
    }

    package func handle(value: Value, logger: Logger) async {
        await http1.handle(value: value, logger: logger)
    }
}

extension HTTPServerBuilder {
    /// HTTP/1 under `limits`: a server's connections counted per client, heads and idle connections timed out.
    package static func http1(limits: ConnectionLimits, logger: Logger) -> HTTPServerBuilder {
        let ledger = ClientConnectionLedger(limits: limits)
        return HTTPServerBuilder { responder in
            LimitedHTTP1Channel(
                http1: HTTP1Channel(
                    responder: responder,
                    configuration: HTTP1Channel.Configuration(
                        additionalChannelHandlers: [
                            RequestHeadTimeoutHandler(timeout: limits.headerTimeout, logger: logger)
                        ],
                        idleTimeout: TimeAmount(limits.idleTimeout)
                    )
                ),
                ledger: ledger
            )
        }
    }
}
