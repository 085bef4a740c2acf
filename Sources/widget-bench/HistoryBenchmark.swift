import ArgumentParser
import Foundation
import TestSupport
import WebimClientLibrary

/// The tracker over the `long-history` visitor (100,000 messages): the first page, then every older page of
/// 100, reported at the start, the middle and the end of the history; once from the service, once from the
/// local store (a second session of the same visitor).
struct HistoryBenchmark: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "history",
        abstract: "MessageTracker pages through a 100,000-message history: first page, older pages of 100."
    )

    @Option(help: "Messages per page.")
    var pageSize = 100

    @Option(help: "Milliseconds between pages, as a visitor reading them (0: the next page at once).")
    var pause = 0

    func run() async throws {
        print(try await Self.measure(pageSize: pageSize, pause: .milliseconds(pause)).joined(separator: "\n"))
    }

    static func measure(pageSize: Int, pause: Duration = .zero) async throws -> [String] {
        try await withTemporaryDirectory { directory in
            try await LiveStack.withService(dataDirectory: directory) { service in
                let storage = directory.appendingPathComponent("visitor")
                // The service seeds the scenario's 100,000 messages when it first sees the visitor: a set-up cost
                // of the scenario (a real server has the history already), so a first session pays it apart.
                progress("history: a new visitor (the service seeds its history)")
                let warmUp = HistoryReader()
                let seeded = try await warmUp.start(accountURL: service, storage: storage, pageSize: pageSize)
                try await warmUp.stop()
                var rows = [
                    "new visitor's first page, including the service seeding 100,000 messages: "
                        + Summary.milliseconds(seeded), "",
                    "| history (returning visitor) | pages | first page | p50 | p99 | max |",
                    "|---|---|---|---|---|---|",
                ]
                // Older pages come from the service the first time, from the local store the second.
                for source in ["service", "local store"] {
                    progress("history from the \(source)")
                    let reader = HistoryReader()
                    let first = try await reader.start(accountURL: service, storage: storage, pageSize: pageSize)
                    var pages: [Duration] = []
                    while let page = try await reader.olderPage(pageSize: pageSize) {
                        pages.append(page)
                        if pause > .zero { try await Task.sleep(for: pause) }
                    }
                    try await reader.stop()
                    // Fifty pages (5,000 messages) at each place: ten made the p50 move by a millisecond run to run.
                    let slices = [
                        ("start", pages.prefix(50)),
                        ("middle", pages.dropFirst(max(0, pages.count / 2 - 25)).prefix(50)),
                        ("end", pages.suffix(50)),
                    ]
                    for (name, slice) in slices {
                        let summary = Summary(name: name, timings: Array(slice))
                        rows.append(
                            "| \(source), \(name) | \(slice.count) of \(pages.count) | "
                                + "\(Summary.milliseconds(first)) | \(summary.p50Text) | \(summary.p99Text) | "
                                + "\(summary.maxText) |"
                        )
                    }
                }
                return rows
            }
        }
    }
}

/// One visitor's session and tracker on their own executor.
actor HistoryReader {
    let executor = WebimExecutor(label: "bench.history")
    nonisolated var unownedExecutor: UnownedSerialExecutor { executor.asUnownedSerialExecutor() }
    private var session: (any WebimSession)?
    private var tracker: (any MessageTracker)?

    /// Starts the session and returns the time until the tracker's first non-empty page.
    func start(accountURL: String, storage: URL, pageSize: Int) async throws -> Duration {
        let clock = ContinuousClock()
        let started = clock.now
        let session = try Webim.newSessionBuilder()
            .set(accountName: accountURL)
            .set(location: "long-history")
            .set(storageDirectory: storage)
            .set(executor: executor)
            .build()
        try session.resume()
        let tracker = try session.getStream().newMessageTracker(messageListener: IgnoredMessages())
        (self.session, self.tracker) = (session, tracker)
        // A new visitor's local store is empty, so the first page comes from the service.
        if try await page(pageSize, last: true) == 0 { _ = try await page(pageSize, last: false) }
        return clock.now - started
    }

    /// The time to the next older page; nil once the history is exhausted.
    func olderPage(pageSize: Int) async throws -> Duration? {
        let clock = ContinuousClock()
        let started = clock.now
        return try await page(pageSize, last: false) == 0 ? nil : clock.now - started
    }

    /// Asks the tracker for its last or next page and returns how many messages it held.
    private func page(_ size: Int, last: Bool) async throws -> Int {
        guard let tracker else { throw AccessError.invalidSession }
        let (pages, sink) = AsyncStream.makeStream(of: Int.self)
        if last {
            try tracker.getLastMessages(byLimit: size) { sink.yield($0.count) }
        } else {
            try tracker.getNextMessages(byLimit: size) { sink.yield($0.count) }
        }
        for await count in pages { return count }
        return 0
    }

    func stop() throws {
        try tracker?.destroy()
        try session?.destroy()
    }
}

/// The tracker needs a listener; the benchmark reads pages only.
final class IgnoredMessages: MessageListener {
    func added(message newMessage: any Message, after previousMessage: (any Message)?) {}
    func removed(message: any Message) {}
    func removedAllMessages() {}
    func changed(message oldVersion: any Message, to newVersion: any Message) {}
}
