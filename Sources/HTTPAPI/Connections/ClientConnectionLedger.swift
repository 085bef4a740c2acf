package import NIOCore
import Synchronization

/// Counts every client's open connections for one server, admitting each new connection under the cap.
package final class ClientConnectionLedger: Sendable {
    private let count: Mutex<ClientConnectionCount>
    private let isCapped: Bool
    private let exempt: Set<String>

    /// A ledger for `limits`: no cap when `limits.perClient` is nil.
    package init(limits: ConnectionLimits) {
        count = Mutex(ClientConnectionCount(cap: max(1, limits.perClient ?? .max)))
        isCapped = limits.perClient != nil
        exempt = limits.exemptClients
    }

    /// Admits the connection `channel` just accepted, counting it until it closes; false when its client already
    /// holds the most it may.
    package func admit(_ channel: any Channel) -> Bool {
        guard isCapped, let ip = channel.remoteAddress?.ipAddress, !exempt.contains(ip) else { return true }
        let client = ClientAddressGroup.key(for: ip)
        guard count.withLock({ $0.admit(client) }) else { return false }
        // The close future completes however the connection ends, so the count cannot leak.
        channel.closeFuture.whenComplete { _ in self.release(client) }
        return true
    }

    private func release(_ client: String) { count.withLock { $0.release(client) } }
}
