import Foundation

/// The client a connection counts against: its IPv4 address, or the /64 network of its IPv6 address, since one
/// subscriber is handed a whole /64 and can take any address in it at will.
package enum ClientAddressGroup {
    /// The group of the address `ip`: an IPv4 address as is (also when IPv4-mapped, `::ffff:192.0.2.1`), an IPv6
    /// address as its first four groups and `::/64`; anything that is not an IP address as is.
    package static func key(of ip: String) -> String {
        var address = in6_addr()
        guard ip.contains(":"), inet_pton(AF_INET6, ip, &address) == 1 else { return ip }
        let bytes = withUnsafeBytes(of: &address) { Array($0) }
        if bytes[0..<10].allSatisfy({ $0 == 0 }), bytes[10] == 0xff, bytes[11] == 0xff {
            return bytes[12...].map(String.init).joined(separator: ".")
        }
        let groups = stride(from: 0, to: 8, by: 2).map { index in
            String(UInt16(bytes[index]) << 8 | UInt16(bytes[index + 1]), radix: 16)
        }
        return groups.joined(separator: ":") + "::/64"
    }
}
