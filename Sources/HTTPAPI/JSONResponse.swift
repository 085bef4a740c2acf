package import Foundation
package import Hummingbird
import WebimWire

/// Every JSON answer of both servers: the protocol's (HTTP 200 whatever the outcome, as every SDK version accepts,
/// PROTOCOL.md §1.5), the console's and the widget's API. Never cached: each is one visitor's, at one moment.
package enum JSONResponse {
    /// `value` written as the wire writes JSON (sorted keys, slashes as they are).
    package static func make(_ value: some Encodable, status: HTTPResponse.Status = .ok) throws -> Response {
        make(json: try WireCoding.makeEncoder().encode(value), status: status)
    }

    /// An answer whose JSON is already encoded.
    package static func make(json data: Data, status: HTTPResponse.Status = .ok) -> Response {
        Response(
            status: status,
            headers: [.contentType: "application/json; charset=utf-8", .cacheControl: "no-store"],
            body: ResponseBody(byteBuffer: ByteBuffer(bytes: data))
        )
    }
}
