import Foundation
import HTTPAPI
import NIOHTTP1
import TestSupport
import Testing
import WebimWire

/// A tab id is the visitor's key, so no log line holds one whole: an unexpected failure on a tab's route logged the
/// request's whole path, and a tab that could not start logged an error naming its folder.
@Suite struct LoggedTabIDTests {
    @Test func anUnexpectedFailureOnATabRouteLogsTheTabIDShortened() async throws {
        let log = CapturedLog()
        try await LiveStack.withStack(widgetLogger: log.logger()) { stack in
            let client = WidgetClient(stack)
            let tab = try await client.createTab()
            // A kiosk reset marks the tab as erased in this folder first; a file in its place fails that mark with an
            // error no route expects.
            let marks = stack.dataDirectory.appendingPathComponent("widget/erased-tabs")
            try? FileManager.default.removeItem(at: marks)
            try Data().write(to: marks)
            let failed = try await client.request(.DELETE, "/api/tabs/\(tab)?clear=1")
            #expect(failed.status == 500 && failed.errorCode == "internal_error", "\(failed.text)")
            let failures = log.lines.filter { $0.contains("request failed") }
            #expect(failures.count == 1, "\(log.lines)")
            #expect(failures.first?.contains("/api/tabs/\(LoggedTabID.shortened(tab))") == true, "\(failures)")
            #expect(!log.lines.contains { $0.contains(tab) }, "\(log.lines)")
        }
    }

    @Test func aTabThatCannotStartLogsItsIDShortened() async throws {
        let log = CapturedLog()
        try await LiveStack.withStack(widgetLogger: log.logger()) { stack in
            let client = WidgetClient(stack)
            let tab = RandomToken.make(byteCount: 16)
            // A file where the tab's folder goes: the tab cannot keep its data, and the error names that folder.
            let tabs = stack.dataDirectory.appendingPathComponent("widget/tabs")
            try FileManager.default.createDirectory(at: tabs, withIntermediateDirectories: true)
            try Data().write(to: tabs.appendingPathComponent(tab))
            let refused = try await client.post("/api/tabs/\(tab)", "{}")
            #expect(refused.status == 503 && refused.errorCode == "session_failed", "\(refused.text)")
            let failures = log.lines.filter { $0.contains("could not start a tab session") }
            #expect(failures.count == 1, "\(log.lines)")
            #expect(failures.first?.contains(LoggedTabID.shortened(tab)) == true, "\(failures)")
            #expect(!log.lines.contains { $0.contains(tab) }, "\(log.lines)")
        }
    }

    @Test func onlyRunsOfATabIDsLengthAreShortened() {
        let tab = "AbCdEfGhIjKlMnOpQrSt_-"
        #expect(LoggedTabID.shortened(tab) == "AbCdEf…")
        #expect(LoggedTabID.redacted(in: "/api/tabs/\(tab)/messages") == "/api/tabs/AbCdEf…/messages")
        let folder = "/data/widget/tabs/\(tab)/tab.json: No such file"
        #expect(LoggedTabID.redacted(in: folder) == "/data/widget/tabs/AbCdEf…/tab.json: No such file")
        // One character more or less is no tab id: words, hashes and guids keep their length.
        let other = "/api/tabs/\(tab)x/files/0123456789abcdef0123456789abcdef"
        #expect(LoggedTabID.redacted(in: other) == other)
    }
}
