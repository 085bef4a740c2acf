import Foundation
import Testing
import WebimWire

@testable import WebimService

/// The protocol's paths as the in-process transport reads them, and as the HTTP routes register them: one table.
@Suite struct WireCallTests {
    @Test func everyRouteReadsBackAsItsEndpoint() {
        let examples: [String: WireCall.Endpoint] = [
            WireEndpoint.configs + "/mobile": .configs(location: "mobile"),
            WireCall.Endpoint.legacySettingsFolder + "all-settings-mobile.js":
                .legacySettings(file: "all-settings-mobile.js"),
            WireEndpoint.legacyOnlineStatus: .onlineStatus,
            WireEndpoint.delta: .delta,
        ]
        for (path, endpoint) in examples {
            #expect(WireCall.Endpoint(method: .get, path: path) == endpoint, "\(path)")
        }
        for route in WireCall.Endpoint.routes {
            let path = route.parameter == nil ? route.path : route.path + "example"
            for method in route.methods {
                #expect(WireCall.Endpoint(method: method, path: path) != nil, "\(method) \(route.routerPath)")
            }
        }
        #expect(WireCall.Endpoint.routes.map(\.routerPath).contains(WireEndpoint.configs + "/{location}"))
    }

    @Test func pathsAndMethodsTheProtocolDoesNotHaveAreNotEndpoints() {
        #expect(WireCall.Endpoint(method: .get, path: WireEndpoint.action) == nil)
        #expect(WireCall.Endpoint(method: .post, path: WireEndpoint.delta) == nil)
        #expect(WireCall.Endpoint(method: .get, path: "/l/v/m/no-such-path") == nil)
        #expect(WireCall.Endpoint(method: .get, path: WireEndpoint.configs + "/a/b") == nil)
        #expect(WireCall.Endpoint(method: .get, path: WireEndpoint.download + "/guid/name.png") == nil)
    }

    @Test func aSecondQuestionMarkStaysInTheQuery() {
        let (path, query) = WireCall.split(WireEndpoint.configs + "/files?jsonp=false?page-id=p")
        #expect(path == WireEndpoint.configs + "/files")
        #expect(query == "jsonp=false?page-id=p")
        #expect(WireCall.Endpoint(method: .get, path: path) == .configs(location: "files"))
    }
}
