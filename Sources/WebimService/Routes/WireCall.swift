import Foundation
import HTTPAPI
import NIOCore
import WebimWire

/// One visitor-protocol request, parsed once: which endpoint, its query, and what the handler reads of the headers
/// and body. The HTTP routes build it from a Hummingbird request, the in-process transport from a `WireRequest`.
struct WireCall: Sendable {
    /// The protocol's endpoints (PROTOCOL.md §1.4), each with the part of its path that varies.
    enum Endpoint: Sendable, Equatable {
        case initialization
        case delta
        case action
        case history
        case search
        case upload
        case fileDelete
        case meta
        case configs(location: String)
        case legacySettings(file: String)
        case onlineStatus
        case auth
        case info
        /// This service's hints endpoint (the account config's `visitor_hints_api_endpoint`, PROTOCOL.md §9).
        case hints(location: String)

        /// The endpoint at `path` asked with `method`; nil for a path or method the protocol does not have.
        init?(method: WireRequest.Method, path: String) {
            for route in Self.routes where route.methods.contains(method) {
                if let endpoint = route.endpoint(at: path) {
                    self = endpoint
                    return
                }
            }
            return nil
        }

        /// How much of a body the endpoint reads; nil for those that read none.
        func bodyLimit(_ limit: BodyLimit) -> Int? {
            switch self {
            case .action, .upload: limit.upload
            case .fileDelete: 1 << 16
            case .hints: HintsAnswer.bodyLimit
            default: nil
            }
        }
    }

    /// A request body as the handler gets it.
    enum Body: Sendable {
        case bytes(ByteBuffer)
        /// Longer than the endpoint reads; nothing of it was kept.
        case tooLarge
    }

    var endpoint: Endpoint
    /// The query as the protocol encodes it: percent-escapes and `+` for space (PROTOCOL.md §1.2).
    var query: [String: String]
    var contentType: String?
    /// The `Authorization` header: light mode's bearer token (PROTOCOL.md §2.9).
    var authorization: String?
    var body: Body

    /// The light-mode bearer token, if the request carries one.
    var bearerToken: String? {
        BearerToken.of(authorization)?.trimmingCharacters(in: .whitespaces)
    }
}

extension WireCall {
    /// A request handed over in process; nil for a path the protocol does not have.
    init?(_ request: WireRequest, bodyLimit: BodyLimit) {
        let (path, query) = Self.split(request.pathAndQuery)
        guard let endpoint = Endpoint(method: request.method, path: path) else { return nil }
        let header = { (name: String) in request.headers.first { $0.name.lowercased() == name }?.value }
        let limit = endpoint.bodyLimit(bodyLimit)
        self.init(
            endpoint: endpoint,
            query: WireForm.decode(query),
            contentType: header("content-type"),
            authorization: header("authorization"),
            body: limit.map { request.body.count > $0 } == true ? .tooLarge : .bytes(ByteBuffer(bytes: request.body))
        )
    }

    /// The path and the query of `pathAndQuery`; a second `?` stays in the query, as HTTP parses it.
    static func split(_ pathAndQuery: String) -> (path: String, query: String) {
        guard let mark = pathAndQuery.firstIndex(of: "?") else { return (pathAndQuery, "") }
        return (String(pathAndQuery[..<mark]), String(pathAndQuery[pathAndQuery.index(after: mark)...]))
    }
}
