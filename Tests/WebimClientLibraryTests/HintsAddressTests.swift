import Foundation
import TestSupport
import Testing
import WebimWire

@testable import WebimClientLibrary

/// The hints request goes where the account config says, which may be any URL: the account's own server is asked
/// whatever its address, another host only at a public one (unless the session allows private ones), and no host's
/// redirect is followed. Against the real service over HTTP, with a proxy in front of it as another loopback origin.
@Suite struct HintsAddressTests {
    static let question = "How do I track my order?"

    @Test func anotherLoopbackOriginIsNotAskedWhileTheAccountsOwnServerIs() async throws {
        try await Self.withHintsService { setup in
            for location in ["own", "ownurl"] {
                let answer = await setup.suggestions(at: location)
                #expect(answer == .success([Self.question]), "\(location)")
            }
            for location in ["proxied", "named"] {
                let answer = await setup.suggestions(at: location)
                #expect(answer == .failure(.hintApiInvalid), "\(location) was asked: \(answer)")
            }
            #expect(await setup.plan.requests(to: "\(WireEndpoint.hints)/proxied") == 0)
        }
    }

    @Test func allowedPrivateHostsAreAskedButTheirRedirectsNotFollowed() async throws {
        try await Self.withHintsService { setup in
            let path = "\(WireEndpoint.hints)/proxied"
            #expect(await setup.suggestions(at: "proxied", allowingPrivateHosts: true) == .success([Self.question]))
            #expect(await setup.plan.requests(to: path) == 1)
            // A 307 keeps the method and body: followed, it would get the suggestions from the same service. (To
            // another URL than the request's: a client refuses a redirect back to it as a cycle.)
            await setup.plan.inject(.redirect(to: "\(setup.proxy)\(path)?redirected=1"), on: path)
            let redirected = await setup.suggestions(at: "proxied", allowingPrivateHosts: true)
            #expect(redirected == .failure(.hintApiInvalid))
            #expect(await setup.plan.servedCount == 1)
            #expect(await setup.plan.requests(to: path, carrying: "redirected") == 0, "the redirect was followed")
        }
    }

    @Test func addressesOfThisMachineItsLinkAndPrivateNetworksArePrivate() async {
        let privateOnes = [
            "127.0.0.1", "127.0.0.2", "0.0.0.0", "10.1.2.3", "172.16.0.1", "172.31.255.255", "192.168.1.1",
            "169.254.169.254", "::1", "::", "fe80::1", "fc00::1", "fd12:3456::1", "::ffff:127.0.0.1", "::ffff:10.0.0.1",
        ]
        for address in privateOnes {
            #expect(await PrivateAddresses.verdict(forHost: address) == .privateAddress, "\(address)")
        }
        for address in ["8.8.8.8", "172.32.0.1", "192.169.0.1", "203.0.113.9", "2001:db8::1", "::ffff:8.8.8.8"] {
            #expect(await PrivateAddresses.verdict(forHost: address) == .publicAddress, "\(address)")
        }
        // Names and the numeric forms the resolver reads are resolved first (`/etc/hosts` answers `localhost`).
        for host in ["localhost", "127.1", "2130706433"] {
            #expect(await PrivateAddresses.verdict(forHost: host) == .privateAddress, "\(host)")
        }
    }

    @Test func anEndpointOnTheAccountsOriginIsAPathOnItsServer() {
        let base = "http://127.0.0.1:8081"
        let own: [(String, String)] = [
            ("/api/visitor/v1/hints/x", "/api/visitor/v1/hints/x"),
            ("http://127.0.0.1:8081/api/hints?l=x", "/api/hints?l=x"),
            ("HTTP://127.0.0.1:8081/api/hints", "/api/hints"),
        ]
        for (endpoint, path) in own {
            #expect(HintsDestination(endpoint: endpoint, baseURL: base) == .accountServer(path: path), "\(endpoint)")
        }
        #expect(
            HintsDestination(endpoint: "https://shop.webim.ru:443/hints", baseURL: "https://shop.webim.ru")
                == .accountServer(path: "/hints")
        )
        let others: [(String, String)] = [
            ("http://localhost:8081/api/hints", "localhost"), ("http://127.0.0.1:8082/api/hints", "127.0.0.1"),
            ("https://127.0.0.1:8081/api/hints", "127.0.0.1"), ("http://[::1]:8081/api/hints", "::1"),
        ]
        for (endpoint, host) in others {
            let destination = HintsDestination(endpoint: endpoint, baseURL: base)
            #expect(destination == .otherHost(url: endpoint, host: host), "\(endpoint)")
        }
    }

    /// The service on a port chosen first, a proxy in front of it, and a location for each kind of endpoint: `own`
    /// (the service's path), `ownurl` (a whole URL of the service's origin), `proxied` (the proxy: another origin,
    /// a literal loopback address) and `named` (the service under `localhost`: another origin, a name resolving to
    /// loopback).
    private static func withHintsService(_ body: @Sendable (HintsService) async throws -> Void) async throws {
        let port = try FreePort.make()
        let service = "http://127.0.0.1:\(port)"
        let plan = FaultPlan()
        try await FaultProxy.with(target: service, plan: plan) { proxy in
            let endpoints: [String: String?] = [
                "own": nil, "ownurl": "\(service)\(WireEndpoint.hints)/ownurl",
                "proxied": "\(proxy)\(WireEndpoint.hints)/proxied",
                "named": "http://localhost:\(port)\(WireEndpoint.hints)/named",
            ]
            try await withTemporaryDirectory { directory in
                try await LiveStack.withService(
                    dataDirectory: directory,
                    port: port,
                    scenarios: Dictionary(uniqueKeysWithValues: endpoints.map { ($0, Self.scenario($0, endpoint: $1)) })
                ) { url in
                    try await body(HintsService(url: url, proxy: proxy, plan: plan, directory: directory))
                }
            }
        }
    }

    /// Location `name`, which suggests `question`, its account config naming `endpoint` (nil: the service's path).
    private static func scenario(_ name: String, endpoint: String?) -> String {
        let config = endpoint.map { #", "accountConfig": {"visitor_hints_api_endpoint": "\#($0)"}"# } ?? ""
        return #"""
            {"name": "\#(name)", "description": "Hints somewhere.", "operator": {"id": 7, "name": "Anna"},
             "location": {"hintQuestions": ["\#(question)"]\#(config)}}
            """#
    }
}

/// The service of `HintsAddressTests`, its proxy and the proxy's plan.
private struct HintsService: Sendable {
    let url: String
    let proxy: String
    let plan: FaultPlan
    let directory: URL

    /// What a new session of `location` suggests for "how", over HTTP.
    func suggestions(
        at location: String,
        allowingPrivateHosts: Bool = false
    ) async -> Result<[String], AutocompleteError> {
        let harness = SessionHarness()
        do {
            try await harness.start(
                accountURL: url,
                storage: directory.appendingPathComponent("visitor-\(location)-\(allowingPrivateHosts)"),
                location: location
            ) { $0.set(allowsPrivateHintsHosts: allowingPrivateHosts) }
            let carried = try await harness.run { _, stream in CarriedStream(stream: stream) }
            let answer: Result<[String], AutocompleteError>
            do {
                answer = .success(try await carried.stream.autocomplete(text: "how"))
            } catch let error as AutocompleteError {
                answer = .failure(error)
            }
            try await harness.destroy()
            return answer
        } catch {
            Issue.record("the session failed: \(error)")
            return .failure(.unknown)
        }
    }
}

/// The stream, carried out of the executor for the async form.
private struct CarriedStream: @unchecked Sendable {
    // Off the executor only the async form uses it, and it hops onto the executor itself.
    let stream: any MessageStream
}
