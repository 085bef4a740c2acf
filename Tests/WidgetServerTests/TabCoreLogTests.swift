import Testing
import WebimClientLibrary

@testable import WidgetServer

/// The developer preview's core log: bounded, and without the session's credentials.
@Suite struct TabCoreLogTests {
    @Test func itKeepsTheNewestEntriesUpToItsCapacity() {
        let log = TabCoreLog(capacity: 3, entryLimit: 10)
        for index in 1...5 { log.log(entry: "entry \(index) and a long tail") }
        let lines = log.text.split(separator: "\n")
        #expect(lines.count == 3)
        #expect(lines.first?.hasSuffix("entry 3 an") == true)
        #expect(lines.last?.hasSuffix("entry 5 an") == true)
    }

    @Test func credentialsAreLeftOut() {
        let entry = "GET /l/v/m/delta?since=3&page-id=831b2ecf8f&auth-token=61a79bb66&x=1 → 200"
        #expect(TabCoreLog.redacted(entry) == "GET /l/v/m/delta?since=3&page-id=…&auth-token=…&x=1 → 200")
    }

    @Test func onlyTheFiveVerbositiesAreNames() {
        #expect(TabCoreLog.level(named: "debug") == .debug)
        #expect(TabCoreLog.level(named: "Debug") == nil)
        #expect(TabCoreLog.level(named: "") == nil)
    }
}
