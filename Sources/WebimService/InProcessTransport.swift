import Foundation
import HTTPTypes
import NIOCore
public import WebimWire

/// The embedded service's protocol, called directly by a client core in the same process.
///
/// It calls the same `WireHandler` the HTTP routes call, so the answers are byte for byte those of HTTP; only the
/// socket, the router and the channel are gone. A held delta poll is then a suspended task instead of two
/// connections, which is what lets one widget process keep ten thousand tabs within its descriptor limit.
public struct InProcessTransport: WireTransport {
    private let handler: WireHandler

    init(handler: WireHandler) { self.handler = handler }

    /// No answer within the timeout: the core treats it as no connection and retries.
    public struct TimedOut: Error {}

    public func exchange(_ request: WireRequest, timeout: Duration) async throws -> WireReply {
        try await withThrowingTaskGroup(of: WireReply.self) { group in
            group.addTask { try await respond(to: request) }
            group.addTask {
                try await Task.sleep(for: timeout)
                throw TimedOut()
            }
            defer { group.cancelAll() }
            guard let reply = try await group.next() else { throw CancellationError() }
            return reply
        }
    }

    private func respond(to request: WireRequest) async throws -> WireReply {
        let answer =
            if let call = WireCall(request, bodyLimit: handler.bodyLimit) {
                try await handler.answer(call)
            } else {
                try WireHandler.notFound()
            }
        return WireReply(status: UInt(answer.status.code), body: Data(answer.body.readableBytesView))
    }
}
