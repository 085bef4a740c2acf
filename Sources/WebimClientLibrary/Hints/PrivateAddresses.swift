import Dispatch
import Foundation

/// The addresses a hints request to another host must not reach unless the session allows them
/// (`SessionBuilder.set(allowsPrivateHintsHosts:)`): this machine (loopback, `0.0.0.0`, `::`), its link (link-local,
/// where clouds answer with their instance's credentials at 169.254.169.254) and private networks (RFC 1918, IPv6
/// unique local).
///
/// A location's config names the hints endpoint and the core posts what the visitor types there; a widget server
/// runs the core for every visitor, so without this an account config could make the server ask, for any visitor,
/// whatever only the server can reach.
///
/// A name is resolved here before the request, and again by the HTTP client as it connects: a name whose answer
/// changes between the two (DNS rebinding) gets past this check. A literal address cannot.
enum PrivateAddresses {
    /// What the check found for a host.
    enum Verdict: Equatable {
        /// Every address the host has is public.
        case publicAddress
        /// The host is, or has, an address of this machine, its link or a private network.
        case privateAddress
        /// The name has no address (or could not be resolved now).
        case unresolved
    }

    /// The verdict for `host`: a literal IPv4 or IPv6 address (without brackets), or a name, resolved off the
    /// cooperative pool (the resolver blocks its thread).
    static func verdict(forHost host: String) async -> Verdict {
        if let address = literal(host) { return isPrivate(address) ? .privateAddress : .publicAddress }
        let addresses = await withCheckedContinuation { continuation in
            DispatchQueue.global().async { continuation.resume(returning: resolve(host)) }
        }
        guard !addresses.isEmpty else { return .unresolved }
        return addresses.contains(where: isPrivate) ? .privateAddress : .publicAddress
    }

    /// Whether `address` (4 bytes for IPv4, 16 for IPv6) is one the hints request must not reach.
    static func isPrivate(_ address: [UInt8]) -> Bool {
        switch address.count {
        case 4: return isPrivateIPv4(address[0], address[1])
        case 16:
            // IPv4-mapped (`::ffff:a.b.c.d`) and IPv4-compatible (`::a.b.c.d`, which `::` and `::1` are too).
            if address[0..<10].allSatisfy({ $0 == 0 }), address[10] == address[11],
                address[10] == 0 || address[10] == 0xff
            {
                return isPrivateIPv4(address[12], address[13])
            }
            let unique = address[0] & 0xfe == 0xfc
            let linkOrSiteLocal = address[0] == 0xfe && address[1] & 0x80 == 0x80
            return unique || linkOrSiteLocal
        default: return true
        }
    }

    /// 0.0.0.0/8, 10/8, 127/8, 169.254/16, 172.16/12, 192.168/16, by their first two bytes.
    private static func isPrivateIPv4(_ first: UInt8, _ second: UInt8) -> Bool {
        switch (first, second) {
        case (0, _), (10, _), (127, _), (169, 254), (172, 16...31), (192, 168): true
        default: false
        }
    }

    /// The bytes of `host` when it is an IPv4 address in dotted decimal or an IPv6 address; nil for a name.
    static func literal(_ host: String) -> [UInt8]? {
        var v4 = in_addr()
        if inet_pton(AF_INET, host, &v4) == 1 { return withUnsafeBytes(of: &v4) { Array($0) } }
        var v6 = in6_addr()
        if inet_pton(AF_INET6, host, &v6) == 1 { return withUnsafeBytes(of: &v6) { Array($0) } }
        return nil
    }

    /// Every address `host` resolves to (the system's resolver, as the HTTP client's is: `/etc/hosts`, then DNS, and
    /// the numeric forms `inet_aton` reads, such as `127.1`); empty when it resolves to none.
    private static func resolve(_ host: String) -> [[UInt8]] {
        var hints = addrinfo()
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        var list: UnsafeMutablePointer<addrinfo>?
        guard getaddrinfo(host, nil, &hints, &list) == 0, let first = list else { return [] }
        defer { freeaddrinfo(first) }
        var addresses: [[UInt8]] = []
        var next: UnsafeMutablePointer<addrinfo>? = first
        while let entry = next?.pointee {
            next = entry.ai_next
            guard let socketAddress = entry.ai_addr else { continue }
            switch entry.ai_family {
            case AF_INET:
                var address = socketAddress.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { $0.pointee.sin_addr }
                addresses.append(withUnsafeBytes(of: &address) { Array($0) })
            case AF_INET6:
                var address = socketAddress.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) {
                    $0.pointee.sin6_addr
                }
                addresses.append(withUnsafeBytes(of: &address) { Array($0) })
            default:
                continue
            }
        }
        return addresses
    }
}
