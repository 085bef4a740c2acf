import HTTPAPI
import Testing

@testable import WidgetServer

/// Per-address limits count an IPv6 client by its /64 and an IPv4 client by its address.
@Suite struct ClientAddressGroupTests {
    @Test func ipv6AddressesOfOneSlash64ShareAKey() {
        let one = ClientAddressGroup.key(for: "2001:db8:1:2:aaaa::1")
        #expect(one == "2001:db8:1:2::/64")
        #expect(ClientAddressGroup.key(for: "2001:0db8:0001:0002:ffff:ffff:ffff:fffe") == one)
        #expect(ClientAddressGroup.key(for: "2001:db8:1:3::1") != one)
        #expect(ClientAddressGroup.key(for: "fe80::1%eth0") == "fe80:0:0:0::/64")
    }

    @Test func ipv4StaysPerAddressAndMappedIPv6IsIPv4() {
        #expect(ClientAddressGroup.key(for: "192.0.2.1") == "192.0.2.1")
        #expect(ClientAddressGroup.key(for: "192.0.2.2") != ClientAddressGroup.key(for: "192.0.2.1"))
        #expect(ClientAddressGroup.key(for: "::ffff:192.0.2.1") == "192.0.2.1")
        #expect(ClientAddressGroup.key(for: "unknown") == "unknown")
    }

    @Test func aFloodFromManyAddressesOfOneSlash64MeetsOneLimit() {
        let limiter = RateLimiter(rule: WidgetConfiguration.RateRule(perSecond: 1, burst: 3))
        let now = ContinuousClock.now
        let refusals = (1...4).map { host in
            limiter.refusal(for: ClientAddressGroup.key(for: "2001:db8:1:2::\(host)"), now: now)
        }
        #expect(refusals.prefix(3).allSatisfy { $0 == nil })
        #expect(refusals[3] != nil)
        #expect(limiter.refusal(for: ClientAddressGroup.key(for: "2001:db8:9:9::1"), now: now) == nil)
    }
}
