import Testing

@testable import WidgetServer

@Suite struct HeapTrimScheduleTests {
    /// Which of the passes (seconds from the start, tabs closed) trim.
    private static func trims(at passes: [(seconds: Int, closed: Int)]) -> [Int] {
        var schedule = HeapTrimSchedule()
        let start = ContinuousClock.now
        return passes.filter { schedule.isDue(closedTabs: $0.closed, at: start + .seconds($0.seconds)) }.map(\.seconds)
    }

    @Test func trimsAfterDeparturesUntilTheyHaveSettledThenOnceMore() {
        let passes = [(0, 0), (30, 5), (35, 2), (60, 0), (90, 0), (155, 0), (185, 0), (600, 0), (601, 1)]
        // Nothing before a tab closed; 35 is within the minimum gap; 185 is the first pass more than 120 s after the
        // last departure (at 35), and the last; none once settled, until a tab closes again.
        #expect(Self.trims(at: passes) == [30, 60, 90, 155, 185, 601])
    }

    @Test func theLastTrimIsNotHeldBackByTheMinimumGap() {
        #expect(Self.trims(at: [(0, 1), (115, 0), (121, 0), (125, 0)]) == [0, 115, 121])
    }
}
