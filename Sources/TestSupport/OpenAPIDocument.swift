import Foundation
import Yams

/// One of the repository's OpenAPI documents, read as plain YAML, for the tests that hold it against a router.
public struct OpenAPIDocument {
    /// The whole document; empty when it cannot be read.
    public let root: [String: Any]

    /// The document at `path` below the repository, such as `Public/openapi.yaml`.
    public init(_ path: String) {
        let text = (try? String(contentsOf: repositoryRoot.appendingPathComponent(path), encoding: .utf8)) ?? ""
        root = ((try? Yams.load(yaml: text)) as? [String: Any]) ?? [:]
    }

    /// Every operation it describes, as `METHOD /path`.
    public var routes: Set<String> {
        let paths = root["paths"] as? [String: Any] ?? [:]
        var routes: Set<String> = []
        for (path, item) in paths {
            for method in (item as? [String: Any] ?? [:]).keys
            where ["get", "post", "put", "patch", "delete"].contains(method) {
                routes.insert("\(method.uppercased()) \(path)")
            }
        }
        return routes
    }

    /// How `registered` (`METHOD /path`, as a router lists them) differs: the routes the document leaves out, and
    /// those it describes that nothing serves, each sorted.
    public func differences(from registered: Set<String>) -> (undocumented: [String], notServed: [String]) {
        (registered.subtracting(routes).sorted(), routes.subtracting(registered).sorted())
    }
}
