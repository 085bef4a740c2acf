import Synchronization

/// How many tabs each client address holds open, so that one address cannot take every tab the server keeps
/// (`WidgetConfiguration.maxTabsPerClient`): tab creation's token bucket bounds how fast tabs open, not how many stay
/// open, and any read keeps a tab alive.
final class TabsPerClient: Sendable {
    private let state = Mutex(State())

    private struct State {
        var clientByTab: [String: String] = [:]
        var countByClient: [String: Int] = [:]
    }

    /// Counts tab `tabID` against `client`; false, counting nothing, when the client already holds `limit` tabs.
    func record(tabID: String, client: String, limit: Int?) -> Bool {
        state.withLock { state in
            guard state.clientByTab[tabID] == nil else { return true }
            let count = state.countByClient[client, default: 0]
            if let limit, count >= limit { return false }
            state.clientByTab[tabID] = client
            state.countByClient[client] = count + 1
            return true
        }
    }

    /// Stops counting a tab that closed.
    func release(tabID: String) {
        state.withLock { state in
            guard let client = state.clientByTab.removeValue(forKey: tabID) else { return }
            let count = state.countByClient[client, default: 1] - 1
            state.countByClient[client] = count > 0 ? count : nil
        }
    }

    /// Stops counting every tab (shutdown).
    func releaseAll() { state.withLock { $0 = State() } }

    /// How many tabs `client` holds open.
    func count(of client: String) -> Int { state.withLock { $0.countByClient[client, default: 0] } }
}
