import Foundation

/// The key a client address counts against in the per-address limits of both servers (the widget's limit on new tabs,
/// the cap on connections): an IPv4 address alone, but an IPv6 address by its /64 prefix, since one home or one cloud
/// host gets a whole /64 and can use any of its 2^64 addresses. An IPv4-mapped IPv6 address (`::ffff:192.0.2.1`, how
/// a dual-stack socket sees IPv4) is the IPv4 address. One helper for both servers (it was the widget server's).
package enum ClientAddressGroup {
    /// The group of `address` (as a socket or `X-Real-IP` writes it); anything that does not parse is its own key.
    package static func key(for address: String) -> String {
        var bytes = [UInt8](repeating: 0, count: 16)
        // A zone (`fe80::1%eth0`) names the interface, not the host.
        let host = String(address.split(separator: "%", maxSplits: 1).first ?? "")
        guard host.contains(":"), inet_pton(AF_INET6, host, &bytes) == 1 else { return address }
        if bytes[0..<10].allSatisfy({ $0 == 0 }), bytes[10] == 0xff, bytes[11] == 0xff {
            return bytes[12..<16].map(String.init).joined(separator: ".")
        }
        let groups = stride(from: 0, to: 8, by: 2).map {
            String(UInt16(bytes[$0]) << 8 | UInt16(bytes[$0 + 1]), radix: 16)
        }
        return groups.joined(separator: ":") + "::/64"
    }
}
