package import CoreMetrics

/// The history store's group commits, counted through the embedding program's metrics backend: how many, and how
/// many writes each carried (a deployment whose batches stay at one write is paying a sync per message).
package struct CommitMetrics: Sendable {
    private let commits: Counter
    private let writesPerCommit: Recorder

    package init(factory: any MetricsFactory) {
        commits = Counter(label: "webim_history_commits_total", factory: factory)
        writesPerCommit = Recorder(label: "webim_history_commit_writes", factory: factory)
    }

    /// Counted nowhere: a store in memory, whose commits cost no sync.
    static let uncounted = CommitMetrics(factory: NOOPMetricsHandler.instance)

    /// A commit of `writes` writes is done.
    func committed(writes: Int) {
        commits.increment()
        writesPerCommit.record(writes)
    }
}
