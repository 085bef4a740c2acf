import HTTPAPI
import Hummingbird
import NIOCore

/// Whom a request counts against in the per-address limits (new tabs, tabs open at once): its socket's address, or
/// the one a trusted proxy says it came from, grouped as `ClientAddressGroup` groups it (an IPv6 client's /64).
enum VisitorAddress {
    /// The group key of the client that sent `request`.
    static func group(of request: Request, context: WidgetRequestContext, trustedProxies: Set<String>) -> String {
        let address = context.clientAddress ?? "unknown"
        // Only an address: anything else in the header would be a key a visitor could vary at will.
        guard trustedProxies.contains(address), let named = request.headers[.xRealIP],
            let visitor = try? SocketAddress(ipAddress: named, port: 0)
        else { return ClientAddressGroup.key(for: address) }
        return ClientAddressGroup.key(for: visitor.ipAddress ?? address)
    }
}
