import Foundation

/// Every event stream cut about once a second by a proxy between the clients and the widget server, while the
/// operator keeps answering: each resume by `Last-Event-ID` must continue exactly after the last event received.
enum StreamsCutScenario {
    static func run(load: FaultLoad, seed: UInt64, binary: URL, http: BenchHTTP) async throws -> FaultReport {
        try await ScenarioDirectory.with("streams-cut", seed: seed) { directory in
            let stack = try FaultStack(directory: directory, binary: binary, http: http)
            let console = try await stack.start()
            defer { stack.stop() }
            let widgetPort = Int(stack.widgetURL.split(separator: ":").last ?? "") ?? 0
            let proxy = try await CuttingProxy(targetPort: widgetPort)
            var random = SeededRandom(seed: seed)
            let tabs = try await Conversation.openTabs(
                count: load.tabs,
                http: http,
                baseURL: "http://127.0.0.1:\(proxy.port)"
            )
            let conversation = Conversation(tabs: tabs, console: console, seed: seed)
            let talking = Task {
                await conversation.run(messageInterval: load.messageInterval, operatorInterval: load.operatorInterval)
            }
            let clock = ContinuousClock()
            let end = clock.now + load.duration
            var cuts = 0
            var streamsCut = 0
            while clock.now < end {
                try await Task.sleep(for: .milliseconds(Int.random(in: 700...1_300, using: &random)))
                streamsCut += proxy.cutStreams()
                cuts += 1
            }
            await conversation.stop()
            await talking.value
            let figures = try await conversation.reconcile(timeout: .seconds(60))
            for tab in tabs { await tab.stopReading() }
            try await proxy.shutdown()
            return FaultReport(
                scenario: "streams cut",
                faults: "\(cuts) cuts, \(streamsCut) streams cut",
                tabs: load.tabs,
                reconciliation: figures,
                // The replay buffer covers a second of events: a resume that needs a fresh snapshot lost its place.
                violations: figures.freshSnapshots,
                notes: ["\(figures.freshSnapshots) resumes fell back to a snapshot"]
            )
        }
    }
}
