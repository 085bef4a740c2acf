import Foundation
import HTTPAPI
import NIOHTTP1
import TestSupport
import Testing
import WebimWire

@testable import WidgetServer

/// One client address cannot hold every tab the server keeps: past `maxTabsPerClient` open at once it gets 429
/// `too_many_tabs_for_client`, while another address (behind a trusted proxy, the one it forwards) still opens tabs,
/// and a tab that closes frees its place.
@Suite struct TabsPerClientTests {
    @Test func oneAddressHoldsAtMostItsShareOfTabs() async throws {
        let behindNginx: @Sendable (inout WidgetConfiguration) -> Void = {
            $0.maxTabsPerClient = 3
            $0.tabCreationRate = nil
            $0.trustedProxies = ["127.0.0.1"]
        }
        try await LiveStack.withStack(adjust: behindNginx) { stack in
            let client = WidgetClient(stack)
            let mallory = ["X-Real-IP": "203.0.113.66"]
            var opened: [String] = []
            for _ in 0..<3 {
                let answer = try await client.post("/api/tabs", "{}", headers: mallory)
                #expect(answer.status == 201)
                opened.append(try #require(answer.json["tabId"] as? String))
            }
            let fourth = try await client.post("/api/tabs", "{}", headers: mallory)
            #expect(fourth.status == 429 && fourth.errorCode == "too_many_tabs_for_client")
            #expect(fourth.headers["retry-after"] != nil)
            // A page naming its own id is counted the same way.
            let proposed = try await client.post("/api/tabs/\(RandomToken.make(byteCount: 16))", "{}", headers: mallory)
            #expect(proposed.status == 429 && proposed.errorCode == "too_many_tabs_for_client")
            // Everyone else still gets a tab.
            let alice = try await client.post("/api/tabs", "{}", headers: ["X-Real-IP": "198.51.100.7"])
            #expect(alice.status == 201)
            // A tab that closes gives its place back.
            #expect(try await client.request(.DELETE, "/api/tabs/\(opened[0])").status == 204)
            #expect(try await client.post("/api/tabs", "{}", headers: mallory).status == 201)
        }
    }

    @Test func anIPv6ClientIsCountedByItsSlash64() {
        let tabs = TabsPerClient()
        let first = ClientAddressGroup.key(for: "2001:db8:1:2::1")
        let second = ClientAddressGroup.key(for: "2001:db8:1:2:ffff::9")
        #expect(tabs.record(tabID: "a", client: first, limit: 1))
        #expect(!tabs.record(tabID: "b", client: second, limit: 1))
        tabs.release(tabID: "a")
        #expect(tabs.record(tabID: "b", client: second, limit: 1))
        #expect(tabs.count(of: first) == 1)
    }
}
