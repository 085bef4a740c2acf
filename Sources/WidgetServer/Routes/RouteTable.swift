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
        on router: Router<WidgetRequestContext>,
        handler: @escaping @Sendable (Request, WidgetRequestContext) async throws -> Response
    ) {
        router.on(RouterPath(path), method: method, use: handler)
        routes.withLock { $0.append("\(method.rawValue) \(path)") }
    }

    /// The methods registered for a concrete path (`{name}` matches one segment, `**` the rest), sorted.
    func methods(matching path: String) -> [String] {
        let segments = path.split(separator: "/", omittingEmptySubsequences: true)
        let methods = routes.withLock { routes in
            routes.compactMap { route -> String? in
                let parts = route.split(separator: " ", maxSplits: 1)
                return Self.pattern(parts[1], matches: segments) ? String(parts[0]) : nil
            }
        }
        return Set(methods).sorted()
    }

    private static func pattern(_ pattern: Substring, matches segments: [Substring]) -> Bool {
        let expected = pattern.split(separator: "/", omittingEmptySubsequences: true)
        if expected.last == "**" {
            return segments.count >= expected.count - 1 && zip(expected.dropLast(), segments).allSatisfy(matches)
        }
        return expected.count == segments.count && zip(expected, segments).allSatisfy(matches)
    }

    private static func matches(_ expected: Substring, _ segment: Substring) -> Bool {
        expected == segment || (expected.hasPrefix("{") && expected.hasSuffix("}"))
    }
}
