import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import WebimWire

/// The default transport: HTTP to the account's server, through the client all sessions share.
struct HTTPWireTransport: WireTransport {
    let baseURL: String
    let client: HTTPClient

    func exchange(_ request: WireRequest, timeout: Duration) async throws -> WireReply {
        var outgoing = HTTPClientRequest(url: baseURL + request.pathAndQuery)
        outgoing.method = HTTPMethod(rawValue: request.method.rawValue)
        for header in request.headers { outgoing.headers.add(name: header.name, value: header.value) }
        if !request.body.isEmpty { outgoing.body = .bytes(ByteBuffer(bytes: request.body)) }
        let response = try await client.execute(outgoing, timeout: TimeAmount(timeout))
        let body = try await response.body.collect(upTo: 32 << 20)
        return WireReply(status: response.status.code, body: Data(body.readableBytesView))
    }
}
