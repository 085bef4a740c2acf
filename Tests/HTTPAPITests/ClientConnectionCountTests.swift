import HTTPAPI
import Testing

/// One client's connections under the cap, and the client an address counts as.
@Suite struct ClientConnectionCountTests {
    @Test func aClientAtItsCapIsRefusedUntilOneOfItsConnectionsCloses() {
        var count = ClientConnectionCount(cap: 2)
        let admitted = [count.admit("192.0.2.1"), count.admit("192.0.2.1"), count.admit("192.0.2.1")]
        #expect(admitted == [true, true, false])
        // Another client is not affected, and a refused connection was not counted.
        let other = count.admit("192.0.2.2")
        #expect(other)
        #expect(count.connections(of: "192.0.2.1") == 2)
        count.release("192.0.2.1")
        let again = count.admit("192.0.2.1")
        #expect(again)
    }

    @Test func clientsWithNoConnectionLeaveNoEntry() {
        var count = ClientConnectionCount(cap: 2)
        _ = count.admit("192.0.2.1")
        count.release("192.0.2.1")
        count.release("192.0.2.1")
        #expect(count.clients == 0)
        #expect(count.connections(of: "192.0.2.1") == 0)
    }

    @Test func anIPv6ClientIsItsSlash64() {
        let one = ClientAddressGroup.key(of: "2001:db8:1:2:aaaa::1")
        #expect(one == "2001:db8:1:2::/64")
        #expect(ClientAddressGroup.key(of: "2001:0db8:0001:0002:ffff:ffff:ffff:ffff") == one)
        #expect(ClientAddressGroup.key(of: "2001:db8:1:3::1") != one)
        #expect(ClientAddressGroup.key(of: "::1") == "0:0:0:0::/64")
    }

    @Test func anIPv4ClientIsItsAddressMappedOrNot() {
        #expect(ClientAddressGroup.key(of: "192.0.2.1") == "192.0.2.1")
        #expect(ClientAddressGroup.key(of: "::ffff:192.0.2.1") == "192.0.2.1")
        #expect(ClientAddressGroup.key(of: "not an address") == "not an address")
    }
}
