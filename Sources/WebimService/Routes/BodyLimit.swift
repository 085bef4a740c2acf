/// How large a request body the service reads before refusing it: a body carrying a file at most the largest upload a
/// location allows plus a form's overhead, anything else far less. Nothing larger is ever held in memory.
struct BodyLimit: Sendable {
    /// Room for a form's fields and multipart framing beside a file.
    static let overhead = 64 << 10

    /// A multipart upload, or an action that may carry a file (an offline message).
    let upload: Int
    /// A console JSON body: an operator's file travels in it as base64, a third larger than its bytes.
    let consoleJSON: Int

    init(largestUpload: Int) {
        upload = largestUpload + Self.overhead
        consoleJSON = largestUpload / 3 * 4 + Self.overhead
    }
}
