import Foundation
import Synchronization
import TestSupport
import Testing
import WebimWire

@testable import WebimClientLibrary

/// The typing throttle's timers run on the session's injected clock: a test clock fires them, no real time passes.
@Suite struct TypingOnTheClockTests {
    @Test func aFlushAndTheStopReportFollowTheInjectedClock() async throws {
        let clock = TestClock()
        let recorder = TypingRecorder()
        try await withTemporaryDirectory { directory in
            try await LiveStack.withService(
                dataDirectory: directory,
                holdTimeout: .seconds(2),
                scenarios: ["manual": ManualChat.scenario()]
            ) { service in
                let harness = SessionHarness()
                try await harness.start(
                    accountURL: service,
                    storage: directory.appendingPathComponent("visitor"),
                    location: "manual"
                ) { builder in
                    builder.set(clock: clock)
                    builder.set(
                        wireTransport: RecordingTransport(
                            inner: HTTPWireTransport(baseURL: service, client: SessionHTTPClient.shared),
                            recorder: recorder
                        )
                    )
                }
                let start = clock.now
                try await harness.run { _, stream in
                    try stream.setVisitorTyping(draftMessage: "Hel")
                    try stream.setVisitorTyping(draftMessage: "Hell")
                }
                #expect(await recorder.report(0) == "typing=1 draft=Hel")
                // The second change came within the second: it waits for the flush, one second of the test clock.
                #expect(await clock.waitForSleep(until: start.advanced(by: .seconds(1))))
                clock.advance(by: .seconds(1))
                #expect(await recorder.report(1) == "typing=1 draft=Hell")
                #expect(await clock.waitForSleep(until: start.advanced(by: .seconds(5))))
                clock.advance(by: .seconds(4))
                #expect(await recorder.report(2) == "typing=0 draft=Hell")
                // One stop only: the first change's quiet check found a newer change and said nothing.
                try await harness.run { _, stream in try stream.setVisitorTyping(draftMessage: nil) }
                #expect(await recorder.report(3) == "typing=0 draft=none")
                #expect(recorder.count == 4)
                try? await harness.destroy()
            }
        }
    }
}

/// The typing reports a session sent, in order, as `typing=… draft=…`.
private final class TypingRecorder: Sendable {
    private let sent = Mutex<[String]>([])
    private let changes: AsyncStream<Void>
    private let changed: AsyncStream<Void>.Continuation

    init() { (changes, changed) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1)) }

    /// The report at `index`, waiting up to ten seconds for it; nil if it never came.
    func report(_ index: Int) async -> String? {
        await withTimeout(.seconds(10)) { [self] in
            if let report = sent.withLock({ $0.indices.contains(index) ? $0[index] : nil }) { return report }
            for await _ in changes {
                if let report = sent.withLock({ $0.indices.contains(index) ? $0[index] : nil }) { return report }
            }
            return nil
        }
    }

    var count: Int { sent.withLock { $0.count } }

    func record(_ request: WireRequest) {
        guard request.method == .post else { return }
        var form = URLComponents()
        form.percentEncodedQuery = String(decoding: request.body, as: UTF8.self)
        let fields = Dictionary(
            (form.queryItems ?? []).map { ($0.name, $0.value ?? "") },
            uniquingKeysWith: { first, _ in first }
        )
        guard fields[WireParameter.action] == WireAction.chatVisitorTyping.rawValue else { return }
        let draft = fields[WireParameter.deleteDraft] == "1" ? "none" : fields[WireParameter.messageDraft] ?? ""
        sent.withLock { $0.append("typing=\(fields[WireParameter.typing] ?? "") draft=\(draft)") }
        changed.yield()
    }
}

/// Passes every request on, telling the recorder first.
private struct RecordingTransport: WireTransport {
    let inner: any WireTransport
    let recorder: TypingRecorder

    func exchange(_ request: WireRequest, timeout: Duration) async throws -> WireReply {
        recorder.record(request)
        return try await inner.exchange(request, timeout: timeout)
    }
}
