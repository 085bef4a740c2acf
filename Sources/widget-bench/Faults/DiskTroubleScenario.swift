import Foundation

/// The history store every tab shares cannot be written for a moment (its files made immutable, which refuses
/// writes even through descriptors already open, and even to root): a send answers 503, never 202, and the same
/// `clientId` sends it once when the disk is back.
enum DiskTroubleScenario {
    static func run(load: FaultLoad, seed: UInt64, binary: URL, http: BenchHTTP) async throws -> FaultReport {
        try await ScenarioDirectory.with("disk-trouble", seed: seed) { directory in
            let stack = try FaultStack(directory: directory, binary: binary, http: http)
            let console = try await stack.start()
            defer { stack.stop() }
            var random = SeededRandom(seed: seed)
            let tabs = try await Conversation.openTabs(count: load.tabs, http: http, baseURL: stack.widgetURL)
            let conversation = Conversation(tabs: tabs, console: console, seed: seed)
            let talking = Task {
                await conversation.run(messageInterval: load.messageInterval, operatorInterval: load.operatorInterval)
            }
            let started = ContinuousClock.now
            var acceptedWhileRefused = 0
            var probes = 0
            for (round, moment) in load.moments(using: &random).enumerated() {
                try await ContinuousClock().sleep(until: started + moment)
                let victim = tabs[Int.random(in: 0..<tabs.count, using: &random)]
                let files = Self.storeFiles(in: stack.tabsDirectory.deletingLastPathComponent())
                try Self.chattr("+i", files)
                // A probe sent while the files refuse writes; its first answer must not be 202.
                async let probe = victim.send(
                    "v\(victim.index).probe\(round)",
                    clientID: "probe-\(victim.index)-\(round)",
                    until: .now + .seconds(60),
                    ordered: false
                )
                // Made writable again whatever happens: immutable files outlive the run and refuse even `rm`.
                var pauseError: (any Error)?
                do { try await Task.sleep(for: .milliseconds(800)) } catch { pauseError = error }
                try Self.chattr("-i", files)
                if let pauseError { throw pauseError }
                let outcome = await probe
                probes += 1
                if outcome.refusals == 0 { acceptedWhileRefused += 1 }
            }
            try await ContinuousClock().sleep(until: started + load.duration)
            await conversation.stop()
            await talking.value
            let figures = try await conversation.reconcile(timeout: .seconds(60))
            for tab in tabs { await tab.stopReading() }
            return FaultReport(
                scenario: "disk trouble",
                faults: "the history store made unwritable \(probes) times",
                tabs: load.tabs,
                reconciliation: figures,
                violations: acceptedWhileRefused,
                notes: [
                    "\(figures.refusals) answers 503 storage_unavailable", "\(acceptedWhileRefused) probes got 202",
                ]
            )
        }
    }

    /// The store's database and log, but not SQLite's `-shm` index, which it maps into memory: a write to a mapped
    /// immutable page is SIGBUS, a fault of the test's making rather than the disk's.
    static func storeFiles(in widgetDirectory: URL) -> [String] {
        ["history.sqlite", "history.sqlite-wal"].map { widgetDirectory.appendingPathComponent($0).path }
            .filter { FileManager.default.fileExists(atPath: $0) }
    }

    static func chattr(_ flag: String, _ files: [String]) throws {
        guard !files.isEmpty else { return }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/chattr")
        process.arguments = [flag] + files
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw BenchError("chattr \(flag) failed: the data folder must be on a file system with attributes (ext4)")
        }
    }
}
