import Foundation

/// Conversations while one side is killed again and again: the service (the widget's outbox and delta loop must
/// carry every message across), or the widget server (the pages' retries and resumes must).
enum KillScenarios {
    /// The service SIGKILLed at `load.faults` random moments and started again after a short outage.
    static func serviceKilled(load: FaultLoad, seed: UInt64, binary: URL, http: BenchHTTP) async throws -> FaultReport {
        try await ScenarioDirectory.with("service-killed", seed: seed) { directory in
            let stack = try FaultStack(directory: directory, binary: binary, http: http)
            let console = try await stack.start()
            defer { stack.stop() }
            var random = SeededRandom(seed: seed)
            let figures = try await converse(stack: stack, console: console, load: load, seed: seed) { started in
                for moment in load.moments(using: &random) {
                    try await ContinuousClock().sleep(until: started + moment)
                    stack.service.kill()
                    try await Task.sleep(for: .milliseconds(Int.random(in: 100...1_500, using: &random)))
                    try await stack.service.start(http: http)
                }
            }
            return FaultReport(
                scenario: "service killed",
                faults: "\(load.faults) service SIGKILLs",
                tabs: load.tabs,
                reconciliation: figures
            )
        }
    }

    /// The widget server SIGKILLed at random moments; every other restart arms its crash point, so that it also
    /// dies right after a message's outbox commit, before the page hears its 202 (the page then retries).
    static func widgetKilled(load: FaultLoad, seed: UInt64, binary: URL, http: BenchHTTP) async throws -> FaultReport {
        try await ScenarioDirectory.with("widget-killed", seed: seed) { directory in
            let stack = try FaultStack(directory: directory, binary: binary, http: http)
            let console = try await stack.start()
            defer { stack.stop() }
            var random = SeededRandom(seed: seed)
            var crashes = 0
            let figures = try await converse(stack: stack, console: console, load: load, seed: seed) { started in
                for (index, moment) in load.moments(using: &random).enumerated() {
                    try await ContinuousClock().sleep(until: started + moment)
                    stack.widget.kill()
                    guard index.isMultiple(of: 2) else {
                        try await stack.widget.start(http: http)
                        continue
                    }
                    let messages = Int.random(in: 1...max(2, load.tabs), using: &random)
                    try await stack.widget.start(
                        extraArguments: ["--crash-after-messages", String(messages)],
                        http: http
                    )
                    let deadline = ContinuousClock.now + .seconds(60)
                    while !stack.widget.hasExited, ContinuousClock.now < deadline {
                        try await Task.sleep(for: .milliseconds(20))
                    }
                    if stack.widget.hasExited { crashes += 1 } else { stack.widget.kill() }
                    try await stack.widget.start(http: http)
                }
            }
            return FaultReport(
                scenario: "widget server killed",
                faults: "\(load.faults) widget SIGKILLs, \(crashes) crashes right after an outbox commit",
                tabs: load.tabs,
                reconciliation: figures
            )
        }
    }

    /// Opens the tabs, runs the conversation while `inject` runs (from the moment the conversation started), then
    /// lets it finish and reconciles.
    static func converse(
        stack: FaultStack,
        console: ConsoleDriver,
        load: FaultLoad,
        seed: UInt64,
        inject: (ContinuousClock.Instant) async throws -> Void
    ) async throws -> Conversation.Reconciliation {
        try await Conversation.converse(
            baseURL: stack.widgetURL,
            http: stack.http,
            console: console,
            load: load,
            seed: seed
        ) { _, started in try await inject(started) }.figures
    }
}
