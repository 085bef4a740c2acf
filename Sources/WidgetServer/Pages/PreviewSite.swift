import Crypto
import Foundation
import HTTPTypes

/// The developer preview's site view: a sample site on another origin that embeds a variant through `embed.js`, and
/// the exact snippet that does it. The other origin is this server under its other loopback name (`localhost` for
/// `127.0.0.1`, and back), so the view needs no second port and shows the widget exactly as a real site frames it.
enum PreviewSite {
    /// The snippet's queueing stub (README.md, "Embedding the widget").
    static let stub =
        "window.WebimWidget = window.WebimWidget || function () { (WebimWidget.q = WebimWidget.q || []).push(arguments); };"

    /// The stub's CSP hash: the sample site runs it inline, as a site would, and no other inline script.
    static let stubHash = "'sha256-\(Data(SHA256.hash(data: Data(stub.utf8))).base64EncodedString())'"

    /// Options that are no embed attributes: the loader draws its own launcher, and the rest are the pages' own.
    private static let pageOnlyOptions: Set<String> = ["launcher", "open", "mode", "inspect", "theme"]

    /// The `data-` attributes of a variant's options (its checked query), in their order, each named as HTML writes
    /// it (`fontSize` is `font-size`: the browser lowercases attribute names, and `dataset.fontSize` reads
    /// `data-font-size`).
    static func attributes(ofQuery query: String) -> [(name: String, value: String)] {
        let items = URLComponents(string: "?" + query)?.queryItems ?? []
        return items.compactMap { item in
            guard let value = item.value, !value.isEmpty, !pageOnlyOptions.contains(item.name),
                WidgetOptions.names.contains(item.name) || item.name == "position"
            else { return nil }
            return (attributeName(item.name), value)
        }
    }

    /// `fontSize` → `font-size`: the `data-` attribute `dataset` reads as the option's camel-case name.
    static func attributeName(_ option: String) -> String {
        option.map { $0.isUppercase ? "-" + $0.lowercased() : String($0) }.joined()
    }

    /// The snippet a developer copies for a variant.
    static func snippet(widgetOrigin: String, query: String) -> String {
        let attributes = attributes(ofQuery: query).map { " data-\($0.name)=\"\(escapedAttribute($0.value))\"" }
        return """
            <script>
              \(stub)
            </script>
            <script async src="\(widgetOrigin)/embed.js"\(attributes.joined())></script>
            """
    }

    /// The other loopback name of a request's host, on the same port: where the sample site is served. Nil for a
    /// host that has none (a LAN name): the site is then shown on the widget's own origin.
    static func otherLoopbackHost(of host: String) -> String? {
        switch host {
        case "127.0.0.1": "localhost"
        case "localhost": "127.0.0.1"
        default: nil
        }
    }

    /// The origins this server has on loopback at `port`: the preview and its sample site may frame the widget.
    /// (Not `[::1]`: CSP source expressions cannot name an IPv6 address.)
    static func ownLoopbackOrigins(port: Int) -> [String] {
        guard port > 0 else { return [] }
        return ["http://127.0.0.1:\(port)", "http://localhost:\(port)"]
    }

    /// The sample site's headers: the stub inline by its hash, scripts and frames from the widget's origin only.
    static func securityHeaders(widgetOrigin: String, frameAncestors: [String]) -> HTTPFields {
        let policy = [
            "default-src 'none'", "script-src \(stubHash) \(widgetOrigin)", "style-src 'self'", "img-src 'self' data:",
            "frame-src \(widgetOrigin)", "base-uri 'none'", "form-action 'none'",
            "frame-ancestors \(frameAncestors.joined(separator: " "))",
        ].joined(separator: "; ")
        return [
            .contentSecurityPolicy: policy,
            HTTPField.Name("X-Content-Type-Options")!: "nosniff",
            HTTPField.Name("Referrer-Policy")!: "no-referrer",
        ]
    }

    private static func escapedAttribute(_ value: String) -> String {
        value.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "\"", with: "&quot;")
            .replacingOccurrences(of: "<", with: "&lt;")
    }
}
