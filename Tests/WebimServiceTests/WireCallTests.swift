import Foundation
import Testing
import WebimWire

@testable import WebimService

/// The protocol's paths as the in-process transport reads them, and as the HTTP routes register them: one set.
@Suite struct WireCallTests {
    @Test func everyRegisteredRouteIsAnEndpointTheHandlerKnows() {
        for route in ProtocolRoutes.routes {
            let path = route.path.replacingOccurrences(of: "{location}", with: "mobile")
                .replacingOccurrences(of: "{file}", with: "all-settings-mobile.js")
            for method in route.methods {
                #expect(WireCall.Endpoint(method: method, path: path) != nil, "\(method) \(route.path)")
            }
        }
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
