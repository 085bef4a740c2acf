import Foundation

/// Where the hints request for a location's endpoint goes: the account's own server, or another host.
///
/// The endpoint is the account config's `visitor_hints_api_endpoint`, which may name any URL, and the request carries
/// whatever the visitor types. A path, or a whole URL on the origin the core already talks to, is the account's own
/// server, trusted as its protocol is (the embedded service names its hints so, on loopback). Anything else is
/// another host: `Autocompletion` asks it only if its address is public (`PrivateAddresses`), and the HTTP transport
/// follows no redirect from it.
enum HintsDestination: Equatable {
    /// A path with its query, on the account's server.
    case accountServer(path: String)
    /// A whole http(s) URL of another origin, and its host (an IPv6 address without its brackets).
    case otherHost(url: String, host: String)

    /// Where `endpoint` goes for a session whose account's server is `baseURL`; nil for no usable endpoint (none, a
    /// blank one, another scheme, a URL without a host, a path that begins `//`).
    init?(endpoint: String?, baseURL: String) {
        guard let endpoint = endpoint?.trimmingCharacters(in: .whitespaces), !endpoint.isEmpty else { return nil }
        if endpoint.hasPrefix("/") {
            guard !endpoint.hasPrefix("//") else { return nil }
            self = .accountServer(path: endpoint)
            return
        }
        guard let url = URLComponents(string: endpoint), let scheme = url.scheme?.lowercased(),
            scheme == "http" || scheme == "https", let host = url.host, !host.isEmpty
        else { return nil }
        if let path = Self.path(of: url, under: baseURL) {
            self = .accountServer(path: path)
        } else {
            self = .otherHost(url: endpoint, host: host.trimmingCharacters(in: CharacterSet(charactersIn: "[]")))
        }
    }

    /// What the transport is handed: a path on the account's server, or the whole URL.
    var target: String {
        switch self {
        case .accountServer(let path): path
        case .otherHost(let url, _): url
        }
    }

    /// `url`'s path and query relative to `baseURL`, when `url` is on its origin and under its path; else nil.
    private static func path(of url: URLComponents, under baseURL: String) -> String? {
        guard let base = URLComponents(string: baseURL), Origin(base) == Origin(url) else { return nil }
        let basePath =
            base.percentEncodedPath.hasSuffix("/")
            ? String(base.percentEncodedPath.dropLast()) : base.percentEncodedPath
        let path = url.percentEncodedPath.isEmpty ? "/" : url.percentEncodedPath
        guard path.hasPrefix(basePath + "/") else { return nil }
        let relative = String(path.dropFirst(basePath.count))
        return relative + (url.percentEncodedQuery.map { "?\($0)" } ?? "")
    }

    /// A URL's scheme, host and port, as origins are compared: in lowercase, the port its scheme's default when none.
    private struct Origin: Equatable {
        var scheme: String?
        var host: String?
        var port: Int?

        init(_ url: URLComponents) {
            scheme = url.scheme?.lowercased()
            host = url.host?.lowercased()
            port = url.port ?? (scheme == "https" ? 443 : scheme == "http" ? 80 : nil)
        }
    }
}
