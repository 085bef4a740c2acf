/// Closes tabs a few at a time.
///
/// A close waits for its session's executor and syncs the tab's database to disk. One after another, under load,
/// they took 34 ms each: a reaper pass over 1,779 idle tabs took a minute while new tabs kept coming, and tabs
/// piled up by the thousand (`widget-bench churn`).
enum TabClosing {
    /// How many closes run at once.
    static let width = 16

    /// Closes every tab in `tabs` as `ending` says, `width` at a time; returns when all are closed.
    static func close(_ tabs: [TabSession], _ ending: TabEnding) async {
        await withTaskGroup(of: Void.self) { group in
            for (index, tab) in tabs.enumerated() {
                if index >= width { await group.next() }
                group.addTask { await tab.close(ending) }
            }
        }
    }

    /// Closes each tab `registry` reports departed (its page left, its outbox delivered) as it comes, `width` at a
    /// time, until cancelled.
    static func closeDeparted(from registry: TabRegistry) async {
        await withTaskGroup(of: Void.self) { group in
            var started = 0
            for await id in registry.departures {
                guard let tab = registry.removeDeparted(id: id) else { continue }
                if started >= width { await group.next() }
                group.addTask { await tab.close(.closed) }
                started += 1
            }
        }
    }
}
