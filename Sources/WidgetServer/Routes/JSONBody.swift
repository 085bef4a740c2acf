import Foundation
import Hummingbird

/// Writes the API's JSON answers (bodies are read by `request.decode(as:context:)`, `APIJSONDecoder`).
enum JSONBody {
    static func response(_ value: some Encodable, status: HTTPResponse.Status = .ok) throws -> Response {
        Response(
            status: status,
            headers: [.contentType: "application/json; charset=utf-8", .cacheControl: "no-store"],
            body: ResponseBody(byteBuffer: ByteBuffer(bytes: try JSONEncoder().encode(value)))
        )
    }

    /// 202 with `{"ok":true}`: the action is queued, its outcome comes as a `result` event.
    static func accepted() throws -> Response { try response(["ok": true], status: .accepted) }
}
