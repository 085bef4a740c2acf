import Foundation
import Hummingbird
import WebimWire

/// Protocol answers: JSON with HTTP 200 whatever the outcome, as every SDK version accepts (PROTOCOL.md §1.5).
enum JSONResponse {
    static func make(_ value: some Encodable, status: HTTPResponse.Status = .ok) throws -> Response {
        make(json: try WireCoding.makeEncoder().encode(value), status: status)
    }

    /// An answer whose JSON is already encoded.
    static func make(json data: Data, status: HTTPResponse.Status = .ok) -> Response {
        Response(
            status: status,
            headers: [.contentType: "application/json; charset=utf-8", .cacheControl: "no-store"],
            body: ResponseBody(byteBuffer: ByteBuffer(bytes: data))
        )
    }
}
