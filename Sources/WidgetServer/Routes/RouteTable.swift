import Hummingbird
import Synchronization

/// The routes the server registers, as `METHOD /path`, so that a test can hold them against `openapi.yaml`.
final class RouteTable: Sendable {
    private let routes = Mutex<[String]>([])

    /// Every registered route.
    var all: [String] { routes.withLock { $0 } }

    /// Registers `handler` for `method path` on `router` and records it.
    func add(
        _ method: HTTPRequest.Method,
        _ path: String,
        on router: Router<BasicRequestContext>,
        handler: @escaping @Sendable (Request, BasicRequestContext) async throws -> Response
    ) {
        router.on(RouterPath(path), method: method, use: handler)
        routes.withLock { $0.append("\(method.rawValue) \(path)") }
    }
}
