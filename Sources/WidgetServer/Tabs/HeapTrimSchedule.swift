/// When the reaper hands free heap back to the system (`FreedMemory`): after a pass in which tabs closed, and on
/// every pass for a while after the last one, because what departed visitors leave behind is freed later too (a
/// closing session's last requests end, the service forgets a visitor a minute after they went quiet). A heap probe
/// 90 s after 10,000 visitors left found 13 MB in use and 144 MB resident, and one more trim took it to 82 MB.
struct HeapTrimSchedule {
    /// How long after the last departure memory is still being freed: longer than the service keeps a quiet visitor.
    static let settling = Duration.seconds(120)
    /// At most one trim this often, whatever the reaper's interval: a trim walks the whole heap (a few ms).
    static let minimumGap = Duration.seconds(10)

    private var lastDeparture: ContinuousClock.Instant?
    private var lastTrim: ContinuousClock.Instant?

    /// Whether to trim now, at a pass that closed `closedTabs` tabs.
    mutating func isDue(closedTabs: Int, at now: ContinuousClock.Instant) -> Bool {
        if closedTabs > 0 { lastDeparture = now }
        guard let departure = lastDeparture else { return false }
        // The first pass after the settling time trims once more, however soon after the one before.
        let isLast = now - departure > Self.settling
        if isLast { lastDeparture = nil }
        guard isLast || lastTrim.map({ now - $0 >= Self.minimumGap }) ?? true else { return false }
        lastTrim = now
        return true
    }
}
