import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import WebimWire

/// The default transport: HTTP to the account's server, through the client all sessions share.
struct HTTPWireTransport: WireTransport {
    let baseURL: String
    let client: HTTPClient
    /// For a whole URL, which leaves the account's server (the hints service's): it follows no redirect, so that an
    /// answer cannot send the request on to an address the core did not check (`PrivateAddresses`).
    var otherHostsClient: HTTPClient = SessionHTTPClient.withoutRedirects

    /// The most bytes of an answer read when the request sets no limit: a history page of many long messages.
    static let defaultAnswerLimit = 32 << 20

    /// Through the client's callback interface, awaited at one point. Its `async` interface held the long poll
    /// suspended several calls deep, and a suspended task keeps every frame of its calls: 13 KiB of each tab's memory
    /// (heaptrack), and more hops between threads per answer.
    func exchange(_ request: WireRequest, timeout: Duration) async throws -> WireReply {
        // A path is the account server's; a whole URL (the hints service's, checked to be http(s)) goes as it is.
        let isPath = request.pathAndQuery.hasPrefix("/")
        let url = isPath ? baseURL + request.pathAndQuery : request.pathAndQuery
        let client = isPath ? client : otherHostsClient
        var outgoing = try HTTPClient.Request(url: url, method: HTTPMethod(rawValue: request.method.rawValue))
        for header in request.headers { outgoing.headers.add(name: header.name, value: header.value) }
        if !request.body.isEmpty { outgoing.body = .data(request.body) }
        let accumulator = ResponseAccumulator(
            request: outgoing,
            maxBodySize: request.answerLimit ?? Self.defaultAnswerLimit
        )
        let task = client.execute(request: outgoing, delegate: accumulator, deadline: .now() + TimeAmount(timeout))
        let response = try await withTaskCancellationHandler {
            try await task.futureResult.get()
        } onCancel: {
            task.cancel()
        }
        return WireReply(status: response.status.code, body: response.body.map { Data($0.readableBytesView) } ?? Data())
    }
}
