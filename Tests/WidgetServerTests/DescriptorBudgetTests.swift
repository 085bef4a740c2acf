import Testing

@testable import WidgetServer

/// The server refuses tabs before its descriptors run out: running out crashes libdispatch, it is not a refusal.
@Suite struct DescriptorBudgetTests {
    @Test func tabsAreBoundedByTheirSockets() {
        // 20,000 descriptors (this machine): each stream a tab may hold, and its long-poll over HTTP (none
        // in-process); the tabs' history is one shared store, inside the reserve.
        #expect(DescriptorBudget(limit: 20_000, streamsPerTab: 1, longPollsPerTab: 1).maximumTabs == 9_744)
        #expect(DescriptorBudget(limit: 20_000, streamsPerTab: 1, longPollsPerTab: 0).maximumTabs == 19_488)
        #expect(DescriptorBudget(limit: 20_000, streamsPerTab: 2, longPollsPerTab: 0).maximumTabs == 9_744)
        #expect(DescriptorBudget(limit: 20_000, streamsPerTab: 2, longPollsPerTab: 1).maximumTabs == 6_496)
        #expect(DescriptorBudget(limit: 1_200, streamsPerTab: 1, longPollsPerTab: 1).maximumTabs == 344)
        // Never zero, even when the reserve alone does not fit.
        #expect(DescriptorBudget(limit: 256, streamsPerTab: 2, longPollsPerTab: 1).maximumTabs == 1)
    }
}
