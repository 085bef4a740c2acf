import HTTPTypes
import Hummingbird

/// Whether a request came straight from this machine: from a loopback address, carrying none of the headers a reverse
/// proxy adds. nginx on the same host forwards every visitor from loopback, so the address alone says nothing; a
/// proxy's header says the request began beyond it. What only the person at this machine may do asks this: reading
/// `/metrics` without its token, saving the developer preview's configuration.
enum DirectRequest {
    /// The headers a reverse proxy adds; any of them means the request came from beyond it.
    static let proxyHeaders: [HTTPField.Name] = [
        .init("X-Forwarded-For")!, .xRealIP, .init("Forwarded")!, .init("X-Forwarded-Host")!,
    ]

    /// Whether `request` arrived from a loopback address with no proxy header.
    static func isFromThisMachine(_ request: Request, context: WidgetRequestContext) -> Bool {
        proxyHeaders.allSatisfy { request.headers[$0] == nil } && isLoopback(context.clientAddress)
    }

    /// Whether `address` (a socket's peer, without its port) is this machine's loopback, IPv4, IPv6 or IPv4-mapped.
    static func isLoopback(_ address: String?) -> Bool {
        guard let address else { return false }
        return address == "::1" || address.hasPrefix("127.") || address.hasPrefix("::ffff:127.")
    }
}
