import HTTPAPI
import Testing

/// One client's connections under the cap (the client an address counts as: `ClientAddressGroupTests`).
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
}
