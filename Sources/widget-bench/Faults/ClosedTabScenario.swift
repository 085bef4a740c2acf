import Foundation

/// Pages that send while the service is down and then close for good (half say so with `DELETE`, half just vanish):
/// the server must deliver what it answered 202 for by itself, once. Twice over: while the widget server keeps
/// running (its reaper must not close a tab that still has a message to send), and across a SIGKILL of the widget
/// server (the restarted server must find the kept folders with pending messages and drain them).
enum ClosedTabScenario {
    static func run(tabCount: Int, seed: UInt64, binary: URL, http: BenchHTTP) async throws -> FaultReport {
        try await ScenarioDirectory.with("closed-tab", seed: seed) { directory in
            var total = Conversation.Reconciliation()
            for restartsWidget in [false, true] {
                let round = directory.appendingPathComponent(restartsWidget ? "with-restart" : "without-restart")
                try FileManager.default.createDirectory(at: round, withIntermediateDirectories: true)
                let figures = try await closeWhileServiceIsDown(
                    directory: round,
                    tabCount: tabCount,
                    restartsWidget: restartsWidget,
                    seed: seed,
                    binary: binary,
                    http: http
                )
                total.visitorMessages += figures.visitorMessages
                total.lost += figures.lost
                total.duplicated += figures.duplicated
                total.outOfOrder += figures.outOfOrder
                total.events += figures.events
            }
            return FaultReport(
                scenario: "closed tab with an unsent outbox",
                faults: "2 service outages; \(tabCount * 2) pages closed with messages unsent; 1 widget SIGKILL",
                tabs: tabCount * 2,
                reconciliation: total
            )
        }
    }

    private static func closeWhileServiceIsDown(
        directory: URL,
        tabCount: Int,
        restartsWidget: Bool,
        seed: UInt64,
        binary: URL,
        http: BenchHTTP
    ) async throws -> Conversation.Reconciliation {
        // A tab no page reads is closed after a second: the reaper passes many times while the service is down.
        let stack = try FaultStack(
            directory: directory,
            binary: binary,
            http: http,
            widgetArguments: ["--tab-idle-timeout", "1"]
        )
        let console = try await stack.start()
        defer { stack.stop() }
        let tabs = try await Conversation.openTabs(count: tabCount, http: http, baseURL: stack.widgetURL)
        let conversation = Conversation(tabs: tabs, console: console, seed: seed)
        try await Conversation.sendFromEveryTab(tabs, number: 0, clientIDPrefix: "closed")
        _ = try await conversation.reconcile(timeout: .seconds(60))
        stack.service.kill()
        try await Conversation.sendFromEveryTab(tabs, number: 1, clientIDPrefix: "closed")
        try await Conversation.sendFromEveryTab(tabs, number: 2, clientIDPrefix: "closed")
        for tab in tabs {
            await tab.stopReading()
            if tab.index.isMultiple(of: 2) {
                guard await tab.close() else { throw BenchError("tab \(tab.index) could not be closed") }
            }
        }
        if restartsWidget {
            stack.widget.kill()
            try await stack.widget.start(http: http)
        }
        // Three idle timeouts: the reaper has looked at every tab several times while its message could not go.
        try await Task.sleep(for: .seconds(3))
        try await stack.service.start(http: http)
        return try await conversation.reconcile(timeout: .seconds(60))
    }
}
