import Testing

@testable import WidgetServer

/// The server refuses tabs before its descriptors run out: running out crashes libdispatch, it is not a refusal.
@Suite struct DescriptorBudgetTests {
    @Test func tabsAreBoundedByTheirSockets() {
        // 20,000 descriptors (this machine): two sockets a tab over HTTP, one in-process; the tabs' history is one
        // shared store, inside the reserve.
        #expect(DescriptorBudget(limit: 20_000, socketsPerTab: 2).maximumTabs == 9_744)
        #expect(DescriptorBudget(limit: 20_000, socketsPerTab: 1).maximumTabs == 19_488)
        #expect(DescriptorBudget(limit: 1_200, socketsPerTab: 2).maximumTabs == 344)
        // Never zero, even when the reserve alone does not fit.
        #expect(DescriptorBudget(limit: 256, socketsPerTab: 2).maximumTabs == 1)
    }
}
