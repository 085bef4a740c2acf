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
                client: VisitorAddress.group(of: request, context: context, trustedProxies: trustedProxies)
            )
        else { return try await next(request, context) }
        if let wait = limiter.refusal(for: key) { throw APIError.rateLimited(retryAfterSeconds: wait) }
        return try await next(request, context)
    }

    /// The limiter and key of a request under `/api/tabs`: opening a tab (`POST /api/tabs`, or `POST /api/tabs/{tab}`
    /// with the id the page proposes) counts against the client, anything else against its tab.
    private func bucket(for path: String, isCreation: Bool, client: String) -> (RateLimiter, String)? {
        let parts = path.split(separator: "/", omittingEmptySubsequences: true)
        guard parts.count >= 2, parts[0] == "api", parts[1] == "tabs" else { return nil }
        return parts.count == 2 || (parts.count == 3 && isCreation)
            ? (tabCreation, client) : (tabActions, String(parts[2]))
    }
}

extension HTTPField.Name {
    /// The visitor's address, as a proxy in front (nginx's `proxy_set_header X-Real-IP $remote_addr`) passes it on.
    static let xRealIP = Self("X-Real-IP")!
}
