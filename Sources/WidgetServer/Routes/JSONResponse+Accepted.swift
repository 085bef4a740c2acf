import HTTPAPI
import Hummingbird

extension JSONResponse {
    /// 202 with `{"ok":true}`: the action is queued, its outcome comes as a `result` event.
    static func accepted() throws -> Response { try make(["ok": true], status: .accepted) }
}
