import Foundation
public import HTTPTypes

/// Which `Host` names a server answers and which page origins may change things on it: the same rule for the widget
/// server and the embedded service, so that neither trusts a request because it names itself.
///
/// A DNS-rebinding page at `evil.example` reaches a loopback server with `Host: evil.example` and, for its own
/// requests, `Origin: http://evil.example`; both are refused because they are compared with the configured names,
/// never with each other.
public struct OriginPolicy: Sendable, Equatable {
    /// The loopback names every server answers to.
    public static let loopbackHosts: Set<String> = ["127.0.0.1", "localhost", "::1"]

    /// Host names (lowercase, no port) the server answers to.
    public let hosts: Set<String>
    /// Exact origins (`https://chat.example.com`, `http://10.0.0.5:8080`) whose pages may change things, whatever
    /// port the server itself listens on: the server behind a proxy, or a LAN address.
    public let publicOrigins: Set<String>

    /// - Parameters:
    ///   - allowedHosts: names besides loopback's (a LAN address, a host name); `0.0.0.0` and `::` add nothing.
    ///   - publicOrigins: origins as a browser writes them (`scheme://host[:port]`); their hosts are allowed too.
    public init(allowedHosts: [String] = [], publicOrigins: [String] = []) {
        let origins = publicOrigins.compactMap(Self.normalizedOrigin)
        var hosts = Self.loopbackHosts
        for host in allowedHosts.map(Self.normalizedHost) where !host.isEmpty && host != "0.0.0.0" && host != "::" {
            hosts.insert(host)
        }
        for origin in origins { hosts.insert(Self.host(ofAuthority: String(origin.split(separator: "/").last ?? ""))) }
        self.hosts = hosts
        self.publicOrigins = Set(origins)
    }

    /// What a request's headers allow.
    public enum Verdict: Sendable, Equatable {
        case allowed
        /// `Host` is missing or names a host this server does not serve (DNS rebinding, a stray proxy).
        case foreignHost
        /// A browser page of another origin asked for a change (CSRF).
        case foreignOrigin
    }

    /// Checks one request: `Host` always; for a state-changing method, `Origin` against the configured origins, or
    /// without `Origin` a `Sec-Fetch-Site` that says the page is this site's. A request with neither header did not
    /// come from a browser page (browsers send `Origin` on every non-GET fetch), so it cannot be a forgery.
    public func check(
        isStateChanging: Bool,
        authority: String?,
        origin: String?,
        fetchSite: String?,
        listeningPort: Int
    ) -> Verdict {
        guard let authority, allowsHost(authority) else { return .foreignHost }
        guard isStateChanging else { return .allowed }
        if let origin { return allowsOrigin(origin, listeningPort: listeningPort) ? .allowed : .foreignOrigin }
        if let fetchSite, fetchSite != "same-origin", fetchSite != "none" { return .foreignOrigin }
        return .allowed
    }

    /// `check` with what a request's head says.
    public func check(_ head: HTTPRequest, listeningPort: Int) -> Verdict {
        check(
            isStateChanging: head.method != .get && head.method != .head && head.method != .options,
            authority: head.authority,
            origin: head.headerFields[.origin],
            fetchSite: head.headerFields[HTTPField.Name("Sec-Fetch-Site")!],
            listeningPort: listeningPort
        )
    }

    /// Whether a `Host` header (`name[:port]`) names a host this server serves.
    public func allowsHost(_ authority: String) -> Bool {
        let host = Self.host(ofAuthority: authority)
        return !host.isEmpty && hosts.contains(host)
    }

    /// Whether pages of `origin` may change things: a configured public origin, or an allowed host on the port the
    /// server listens on.
    public func allowsOrigin(_ origin: String, listeningPort: Int) -> Bool {
        guard let normalized = Self.normalizedOrigin(origin) else { return false }
        if publicOrigins.contains(normalized) { return true }
        guard let (scheme, authority) = Self.split(normalized) else { return false }
        let host = Self.host(ofAuthority: authority)
        let defaultPort = scheme == "https" ? 443 : 80
        let port = Self.port(ofAuthority: authority) ?? defaultPort
        return hosts.contains(host) && port == listeningPort
    }

    /// `scheme://host[:port]` in lowercase, or nil for anything else (`null`, a path, a space, a port that is no
    /// port): read as strictly as `WebOrigin` reads one, since a browser writes nothing looser. A configured origin
    /// may end in one `/`.
    public static func normalizedOrigin(_ origin: String) -> String? {
        let text = origin.hasSuffix("/") ? String(origin.dropLast()) : origin
        return WebOrigin(strict: text.lowercased())?.serialized
    }

    private static func split(_ origin: String) -> (scheme: String, authority: String)? {
        guard let range = origin.range(of: "://") else { return nil }
        return (String(origin[..<range.lowerBound]), String(origin[range.upperBound...]))
    }

    /// The host of `name[:port]` or `[v6]:port`, lowercase, without brackets or a trailing dot.
    public static func host(ofAuthority authority: String) -> String {
        let lowered = authority.lowercased()
        if lowered.hasPrefix("[") {
            guard let close = lowered.firstIndex(of: "]") else { return "" }
            return String(lowered[lowered.index(after: lowered.startIndex)..<close])
        }
        let name = lowered.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
        return normalizedHost(String(name))
    }

    private static func port(ofAuthority authority: String) -> Int? {
        let afterHost =
            authority.hasPrefix("[")
            ? String(authority.split(separator: "]", omittingEmptySubsequences: false).dropFirst().first ?? "")
            : authority
        guard let colon = afterHost.lastIndex(of: ":") else { return nil }
        return Int(afterHost[afterHost.index(after: colon)...])
    }

    private static func normalizedHost(_ host: String) -> String {
        var host = host.lowercased().trimmingSuffix(".")
        if host.hasPrefix("["), host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
        return host
    }
}

extension String {
    fileprivate func trimmingSuffix(_ suffix: Character) -> String {
        var text = self
        while text.last == suffix { text.removeLast() }
        return text
    }
}
