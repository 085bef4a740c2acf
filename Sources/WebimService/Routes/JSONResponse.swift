import Foundation
import Hummingbird
import WebimWire

/// Protocol answers: JSON with HTTP 200 whatever the outcome, as every SDK version accepts (PROTOCOL.md §1.5).
enum JSONResponse {
    static func make(_ value: some Encodable, status: HTTPResponse.Status = .ok) throws -> Response {
        let data = try WireCoding.makeEncoder().encode(value)
        return Response(
            status: status,
            headers: [.contentType: "application/json; charset=utf-8", .cacheControl: "no-store"],
            body: ResponseBody(byteBuffer: ByteBuffer(bytes: data))
        )
    }
}
