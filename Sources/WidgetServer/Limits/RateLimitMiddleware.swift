import HTTPAPI
import HTTPTypes
import Hummingbird
import NIOCore

/// Answers 429 `rate_limited` (with `Retry-After`) to a page that changes things faster than a person can.
///
/// Each tab has its own bucket for its state-changing requests; opening tabs has a bucket per client address (an
/// IPv6 client's whole /64, `ClientAddressGroup`), so a script flooding `POST /api/tabs` locks out only itself. Reads (the event stream, files, history) are not limited:
/// they cost the chat service nothing.
struct RateLimitMiddleware: RouterMiddleware {
    typealias Context = WidgetRequestContext

    let tabActions: RateLimiter
    let tabCreation: RateLimiter
    /// Addresses of the proxies in front (nginx): a request from one is counted against the visitor it names in
    /// `X-Real-IP`, not against the proxy, which every visitor shares.
    var trustedProxies: Set<String> = []

    func handle(
        _ request: Request,
        context: Context,
        next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        guard request.method != .get, request.method != .head,
            let (limiter, key) = bucket(
                for: request.uri.path,
                isCreation: request.method == .post,
                client: client(of: request, context: context)
            )
        else { return try await next(request, context) }
        if let wait = limiter.refusal(for: key) { throw APIError.rateLimited(retryAfterSeconds: wait) }
        return try await next(request, context)
    }

    /// Whom a request counts against: its socket's address, or the one a trusted proxy says it came from.
    private func client(of request: Request, context: Context) -> String {
        let address = context.clientAddress ?? "unknown"
        // Only an address: anything else in the header would be a key a visitor could vary at will.
        guard trustedProxies.contains(address), let named = request.headers[.xRealIP],
            let visitor = try? SocketAddress(ipAddress: named, port: 0)
        else { return address }
        return visitor.ipAddress ?? address
    }

    /// The limiter and key of a request under `/api/tabs`: opening a tab (`POST /api/tabs`, or `POST /api/tabs/{tab}`
    /// with the id the page proposes) counts against the client, anything else against its tab.
    private func bucket(for path: String, isCreation: Bool, client: String) -> (RateLimiter, String)? {
        let parts = path.split(separator: "/", omittingEmptySubsequences: true)
        guard parts.count >= 2, parts[0] == "api", parts[1] == "tabs" else { return nil }
        return parts.count == 2 || (parts.count == 3 && isCreation)
            ? (tabCreation, ClientAddressGroup.key(for: client)) : (tabActions, String(parts[2]))
    }
}

extension HTTPField.Name {
    /// The visitor's address, as a proxy in front (nginx's `proxy_set_header X-Real-IP $remote_addr`) passes it on.
    static let xRealIP = Self("X-Real-IP")!
}
