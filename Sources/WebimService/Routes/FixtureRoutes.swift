import HTTPAPI
import Hummingbird
import WebimWire

/// `GET /fixtures/states`: the states a widget frame can be put into by name (`NamedState`), each a fixture location
/// of this service. For developers and testers (the widget server's gallery reads it, a script can too); not part of
/// Webim's protocol, and nothing in it is secret.
struct FixtureRoutes {
    let states: [NamedState]

    private struct Answer: Encodable {
        var states: [NamedState]
    }

    func add(to router: Router<ServiceRequestContext>) {
        let answer = Answer(states: states)
        router.get(RouterPath(NamedState.listPath)) { _, _ in try JSONResponse.make(answer) }
    }
}
