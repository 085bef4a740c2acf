import HTTPTypes

/// The headers every HTML page of the widget server sends: a Content-Security-Policy that lets a page run only this
/// server's own scripts and styles (so an injected `<script>` or handler does nothing even if it got into the markup),
/// be framed only by the configured ancestors, and send its forms and requests nowhere else.
enum PageSecurityHeaders {
    /// `frameAncestors`: CSP sources (`'self'`, `https://shop.example`); `'none'` when empty. `frameSources`: what
    /// the page may frame besides itself (the preview's sample sites).
    static func make(frameAncestors: [String], frameSources: [String] = []) -> HTTPFields {
        let ancestors = frameAncestors.isEmpty ? "'none'" : frameAncestors.joined(separator: " ")
        // Images may come from anywhere: a configured icon or an operator's avatar is a URL of another host.
        let policy = [
            "default-src 'self'", "script-src 'self'", "style-src 'self'", "img-src 'self' data: blob: http: https:",
            "media-src 'self' data: blob:", "connect-src 'self'", "object-src 'none'", "base-uri 'none'",
            "form-action 'self'", "frame-src \((["'self'"] + frameSources).joined(separator: " "))",
            "frame-ancestors \(ancestors)",
        ].joined(separator: "; ")
        return [
            .contentSecurityPolicy: policy,
            HTTPField.Name("X-Content-Type-Options")!: "nosniff",
            HTTPField.Name("Referrer-Policy")!: "no-referrer",
        ]
    }
}
