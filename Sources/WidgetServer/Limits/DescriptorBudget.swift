import Foundation

/// How many tabs fit in the process's descriptors. Running out is not a refusal here but a crash: libdispatch's
/// worker-pool monitor traps when it cannot open `/proc` (found by `widget-bench faults`' restart storm at about
/// 9,700 tabs with `--account`, and reproduced under `prlimit --nofile=1200` with 600 tabs). So the server
/// refuses new tabs (503 `too_many_tabs`) before the descriptors run out.
struct DescriptorBudget: Equatable {
    /// The process's soft limit on open descriptors.
    var limit: Int
    /// Event streams one tab may hold open (`streamsPerTab`): each is a socket, and a page, or a script, may open
    /// them all, so the budget counts every one it allows, not the one a page usually holds.
    var streamsPerTab: Int
    /// The tab's long-poll to the service: one socket when the service is reached over HTTP, none in-process.
    var longPollsPerTab: Int
    /// Descriptors for everything else: listeners, the service's database and the tabs' shared history store (a
    /// few connections of three descriptors each), static files, downloads, logs.
    static let reserve = 512

    /// The budget of a server with `configuration`, in `limit` descriptors.
    init(for configuration: WidgetConfiguration, limit: Int) {
        self.init(
            limit: limit,
            streamsPerTab: configuration.streamsPerTab,
            longPollsPerTab: configuration.serviceTransport == nil ? 1 : 0
        )
    }

    /// The budget of `limit` descriptors for tabs of `streamsPerTab` streams and `longPollsPerTab` long-polls.
    init(limit: Int, streamsPerTab: Int, longPollsPerTab: Int) {
        self.limit = limit
        self.streamsPerTab = streamsPerTab
        self.longPollsPerTab = longPollsPerTab
    }

    /// The sockets one open tab may hold.
    var socketsPerTab: Int { max(1, streamsPerTab) + longPollsPerTab }

    /// The most tabs whose sockets fit: `reserve + socketsPerTab × tabs ≤ limit`.
    var maximumTabs: Int {
        let available = limit - Self.reserve
        guard available > 0 else { return 1 }
        return max(1, available / socketsPerTab)
    }
}
