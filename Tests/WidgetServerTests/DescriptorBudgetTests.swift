import Testing

@testable import WidgetServer

/// The server refuses tabs before its descriptors run out: running out crashes libdispatch, it is not a refusal.
@Suite struct DescriptorBudgetTests {
    @Test func tabsAreBoundedBySocketsAndOpenHistoryDatabases() {
        // 20,000 descriptors (this machine): two sockets a tab over HTTP, one in-process, 3,072 for databases.
        #expect(DescriptorBudget(limit: 20_000, socketsPerTab: 2, openHistoryDatabases: 1024).maximumTabs == 8_208)
        #expect(DescriptorBudget(limit: 20_000, socketsPerTab: 1, openHistoryDatabases: 1024).maximumTabs == 16_416)
        // Few descriptors: every tab's database open as well, 5 a tab.
        #expect(DescriptorBudget(limit: 1_200, socketsPerTab: 2, openHistoryDatabases: 1024).maximumTabs == 137)
        // Never zero, even when the reserve alone does not fit.
        #expect(DescriptorBudget(limit: 256, socketsPerTab: 2, openHistoryDatabases: 1024).maximumTabs == 1)
    }
}
