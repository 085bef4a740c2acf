import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import WebimWire

/// The default transport: HTTP to the account's server, through the client all sessions share.
struct HTTPWireTransport: WireTransport {
    let baseURL: String
    let client: HTTPClient

    /// The most bytes of an answer read when the request sets no limit: a history page of many long messages.
    static let defaultAnswerLimit = 32 << 20

    func exchange(_ request: WireRequest, timeout: Duration) async throws -> WireReply {
        // A path is the account server's; a whole URL (the hints service's, checked to be http(s)) goes as it is.
        let url = request.pathAndQuery.hasPrefix("/") ? baseURL + request.pathAndQuery : request.pathAndQuery
        var outgoing = HTTPClientRequest(url: url)
        outgoing.method = HTTPMethod(rawValue: request.method.rawValue)
        for header in request.headers { outgoing.headers.add(name: header.name, value: header.value) }
        if !request.body.isEmpty { outgoing.body = .bytes(ByteBuffer(bytes: request.body)) }
        let response = try await client.execute(outgoing, timeout: TimeAmount(timeout))
        let body = try await response.body.collect(upTo: request.answerLimit ?? Self.defaultAnswerLimit)
        return WireReply(status: response.status.code, body: Data(body.readableBytesView))
    }
}
