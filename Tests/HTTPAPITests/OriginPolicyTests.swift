import HTTPAPI
import Testing

/// The Host and Origin rule both servers share: configured names only, never the request's own Host.
@Suite struct OriginPolicyTests {
    let policy = OriginPolicy(allowedHosts: ["kiosk.lan", "0.0.0.0"], publicOrigins: ["https://chat.example.com/"])

    func verdict(
        _ authority: String?,
        origin: String? = nil,
        fetchSite: String? = nil,
        changing: Bool = true
    ) -> OriginPolicy.Verdict {
        policy.check(
            isStateChanging: changing,
            authority: authority,
            origin: origin,
            fetchSite: fetchSite,
            listeningPort: 8080
        )
    }

    @Test func onlyConfiguredHostNamesAreServed() {
        for host in [
            "127.0.0.1:8080", "localhost", "LOCALHOST.:8080", "[::1]:8080", "kiosk.lan:8080", "chat.example.com",
        ] {
            #expect(verdict(host, changing: false) == .allowed, "\(host)")
        }
        for host in ["evil.example:8080", "0.0.0.0:8080", "127.0.0.1.evil.example", "", "[::2]:8080"] {
            #expect(verdict(host, changing: false) == .foreignHost, "\(host)")
        }
        #expect(verdict(nil, changing: false) == .foreignHost)
    }

    @Test func anOriginIsReadAsStrictlyAsABrowserWritesOne() {
        for loose in [
            "http://a b.example", "http://chat.example.com:abc", "http://chat.example.com:0",
            "http://chat.example.com:",
            "http://chat.example.com/path", "https://chat.example.com:443x", "http://*.example.com",
            "http://chat.example.com;x", "ftp://chat.example.com",
        ] {
            #expect(OriginPolicy.normalizedOrigin(loose) == nil, "\(loose)")
        }
        #expect(OriginPolicy.normalizedOrigin("HTTPS://Chat.Example.com/") == "https://chat.example.com")
        #expect(OriginPolicy.normalizedOrigin("http://[::1]:8080") == "http://[::1]:8080")
        // A configured origin that is no origin adds neither an origin nor its host.
        let loose = OriginPolicy(publicOrigins: ["https://shop example.com"])
        #expect(loose.publicOrigins.isEmpty && loose.hosts == OriginPolicy.loopbackHosts)
    }

    @Test func aRebindingPageWhoseOriginMatchesItsHostIsStillRefused() {
        #expect(verdict("evil.example:8080", origin: "http://evil.example:8080") == .foreignHost)
        #expect(verdict("127.0.0.1:8080", origin: "http://evil.example:8080") == .foreignOrigin)
    }

    @Test func changesNeedAConfiguredOrigin() {
        #expect(verdict("127.0.0.1:8080", origin: "http://127.0.0.1:8080") == .allowed)
        #expect(verdict("127.0.0.1:8080", origin: "http://localhost:8080") == .allowed)
        #expect(verdict("chat.example.com", origin: "https://chat.example.com") == .allowed)
        // Another port on the same host is another origin: another local server's page.
        #expect(verdict("127.0.0.1:8080", origin: "http://127.0.0.1:9999") == .foreignOrigin)
        #expect(verdict("127.0.0.1:8080", origin: "http://chat.example.com") == .foreignOrigin)
        #expect(verdict("127.0.0.1:8080", origin: "null") == .foreignOrigin)
        #expect(verdict("127.0.0.1:8080", origin: "http://user@127.0.0.1:8080") == .foreignOrigin)
    }

    @Test func withoutOriginFetchMetadataDecidesAndNeitherMeansNoBrowserPage() {
        #expect(verdict("127.0.0.1:8080", fetchSite: "same-origin") == .allowed)
        #expect(verdict("127.0.0.1:8080", fetchSite: "none") == .allowed)
        #expect(verdict("127.0.0.1:8080", fetchSite: "cross-site") == .foreignOrigin)
        #expect(verdict("127.0.0.1:8080", fetchSite: "same-site") == .foreignOrigin)
        #expect(verdict("127.0.0.1:8080") == .allowed)
        #expect(verdict("127.0.0.1:8080", origin: "http://evil.example", changing: false) == .allowed)
    }
}
