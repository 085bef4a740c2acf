import Foundation

/// The `Content-Type` rule of both servers' JSON routes: a body must say it is JSON. A form or `text/plain` post is
/// what another site's page can send without asking first, so it is refused (415) before its body is read.
struct JSONContentType: Sendable {
    /// The header says `application/json` (with any parameters, in any case).
    let isJSON: Bool
    /// There is no `Content-Type` at all.
    let isAbsent: Bool

    /// Reads a `Content-Type` header value; nil when the request has none.
    init(_ header: String?) {
        let mediaType = header?.split(separator: ";").first?.trimmingCharacters(in: .whitespaces).lowercased()
        isJSON = mediaType == "application/json"
        isAbsent = header == nil || header?.isEmpty == true
    }

    /// Whether the body may be read at all: it says JSON, or says nothing (an empty body then reads as `{}`).
    var mayBeRead: Bool { isJSON || isAbsent }

    /// Whether a body of `byteCount` bytes may be decoded: one that is not empty must say it is JSON.
    func accepts(byteCount: Int) -> Bool { isJSON || byteCount == 0 }
}
