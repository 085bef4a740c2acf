import Foundation

/// How many tabs fit in the process's descriptors. Running out is not a refusal here but a crash: libdispatch's
/// worker-pool monitor traps when it cannot open `/proc` (found by `widget-bench faults`' restart storm at about
/// 9,700 tabs with `--account`, and reproduced under `prlimit --nofile=1200` with 600 tabs). So the server
/// refuses new tabs (503 `too_many_tabs`) before the descriptors run out.
struct DescriptorBudget: Equatable {
    /// The process's soft limit on open descriptors.
    var limit: Int
    /// Sockets an open tab holds: its event stream, and its long-poll when the service is reached over HTTP.
    var socketsPerTab: Int
    /// Descriptors for everything else: listeners, the service's database and the tabs' shared history store (a
    /// few connections of three descriptors each), static files, downloads, logs.
    static let reserve = 512

    /// The most tabs whose sockets fit: `reserve + socketsPerTab × tabs ≤ limit`.
    var maximumTabs: Int {
        let available = limit - Self.reserve
        guard available > 0 else { return 1 }
        return max(1, available / socketsPerTab)
    }
}
