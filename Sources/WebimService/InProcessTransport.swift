import Foundation
import HTTPTypes
import Hummingbird
import Logging
import NIOCore
import NIOEmbedded
import Synchronization
public import WebimWire

/// The embedded service's routes, called directly by a client core in the same process.
///
/// The requests and answers are exactly those of HTTP (same paths, forms and JSON, through the same router
/// and middleware); only the socket is gone. A held delta poll is then a suspended task instead of two
/// connections, which is what lets one widget process keep ten thousand tabs within its descriptor limit.
public struct InProcessTransport: WireTransport {
    private let responder: RouterResponder<ServiceRequestContext>
    /// A request context must name a channel; no route reads it, so one socket-less channel serves all.
    private let channel = NIOAsyncTestingChannel()
    private let logger: Logger

    init(router: Router<ServiceRequestContext>, logger: Logger) {
        responder = router.buildResponder()
        self.logger = logger
    }

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

    private func respond(to wireRequest: WireRequest) async throws -> WireReply {
        var fields = HTTPFields()
        for header in wireRequest.headers {
            if let name = HTTPField.Name(header.name) { fields.append(HTTPField(name: name, value: header.value)) }
        }
        fields[.contentLength] = String(wireRequest.body.count)
        let request = Request(
            head: HTTPRequest(
                method: wireRequest.method == .get ? .get : .post,
                scheme: "http",
                authority: "embedded",
                path: wireRequest.pathAndQuery,
                headerFields: fields
            ),
            body: RequestBody(buffer: ByteBuffer(bytes: wireRequest.body))
        )
        let context = ServiceRequestContext(inProcess: .init(channel: channel, logger: logger))
        let response: Response
        do {
            response = try await responder.respond(to: request, context: context)
        } catch let error as any HTTPResponseError {
            // What the HTTP server does with an error no middleware answered.
            response = try error.response(from: request, context: context)
        }
        let body = CollectedBody()
        try await response.body.write(CollectingWriter(body: body))
        return WireReply(status: UInt(response.status.code), body: body.bytes.withLock { $0 })
    }
}

/// Where `CollectingWriter` puts a response body.
private final class CollectedBody: Sendable {
    let bytes = Mutex(Data())
}

private struct CollectingWriter: ResponseBodyWriter {
    let body: CollectedBody

    mutating func write(_ buffer: ByteBuffer) async throws {
        body.bytes.withLock { $0.append(contentsOf: buffer.readableBytesView) }
    }

    consuming func finish(_ trailingHeaders: HTTPFields?) async throws {}
}
