public import HTTPTypes
import WebimWire

/// The headers of every response that carries a file a visitor or an operator chose, on both servers: always an
/// attachment, never sniffed, and sandboxed, so that an uploaded HTML page or SVG cannot run script in the origin that
/// serves it (an `<img>` still shows an image), nor be framed by any page.
public enum VisitorFileHeaders {
    /// The headers for a file of `contentType` named `filename`; `cacheControl` is the caller's (a kiosk stores none).
    public static func make(
        contentType: String,
        filename: String,
        cacheControl: String = "private, no-cache"
    )
        -> HTTPFields
    {
        [
            .contentType: contentType,
            .contentDisposition: "attachment; filename*=UTF-8''\(WireForm.percentEncode(filename))",
            .contentSecurityPolicy: "sandbox; frame-ancestors 'none'",
            HTTPField.Name("X-Content-Type-Options")!: "nosniff",
            .cacheControl: cacheControl,
        ]
    }
}
