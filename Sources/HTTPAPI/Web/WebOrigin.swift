import Foundation

/// A web origin as a browser writes one: `http` or `https`, `://`, a host and an optional port, and nothing else.
///
/// Read strictly, for a value that goes into a page's Content-Security-Policy (`/preview/site?widget=`): there a
/// space, a `;` or a `*` would add sources or directives to the policy, so anything but those three parts is no
/// origin, and the origin is written out again from its parts rather than as it came.
public struct WebOrigin: Equatable, Sendable {
    /// `http` or `https`.
    public let scheme: String
    /// A DNS name or an IPv4 address, lowercase, or an IPv6 address in brackets.
    public let host: String
    /// The port when one was written (1 to 65535).
    public let port: Int?

    /// `scheme://host[:port]`.
    public var serialized: String { "\(scheme)://\(host)" + (port.map { ":\($0)" } ?? "") }

    /// The origin `text` is, or nil for anything else: another scheme, user information, a path (even `/`), a query,
    /// a fragment, a space or any character a host cannot have, an empty host, a port that is not 1 to 65535 written
    /// in digits without a leading zero.
    public init?(strict text: String) {
        guard let separator = text.range(of: "://") else { return nil }
        let scheme = text[..<separator.lowerBound].lowercased()
        guard scheme == "http" || scheme == "https" else { return nil }
        let authority = text[separator.upperBound...]
        let hostPart: Substring
        let portPart: Substring?
        if authority.hasPrefix("[") {
            guard let close = authority.firstIndex(of: "]") else { return nil }
            hostPart = authority[...close]
            let rest = authority[authority.index(after: close)...]
            guard rest.isEmpty || rest.hasPrefix(":") else { return nil }
            portPart = rest.isEmpty ? nil : rest.dropFirst()
            guard Self.isIPv6Literal(hostPart.dropFirst().dropLast()) else { return nil }
        } else {
            let parts = authority.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
            hostPart = parts[0]
            portPart = parts.count == 2 ? parts[1] : nil
            guard Self.isName(hostPart) else { return nil }
        }
        var port: Int?
        if let portPart {
            guard let first = portPart.first, first != "0", portPart.count <= 5,
                portPart.allSatisfy({ $0.isASCII && $0.isNumber }), let number = Int(portPart), number <= 65_535
            else { return nil }
            port = number
        }
        self.scheme = scheme
        self.host = hostPart.lowercased()
        self.port = port
    }

    /// Dot-separated labels of ASCII letters, digits and inner hyphens (which an IPv4 address also is).
    private static func isName(_ host: Substring) -> Bool {
        guard !host.isEmpty, host.count <= 253 else { return false }
        return host.split(separator: ".", omittingEmptySubsequences: false).allSatisfy { label in
            !label.isEmpty && label.count <= 63 && label.first != "-" && label.last != "-"
                && label.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") }
        }
    }

    /// Hexadecimal groups and colons, with an IPv4 address at the end allowed (`::ffff:127.0.0.1`).
    private static func isIPv6Literal(_ address: Substring) -> Bool {
        address.contains(":") && address.count <= 45
            && address.allSatisfy { $0.isASCII && ($0.isHexDigit || $0 == ":" || $0 == ".") }
    }
}
