import Foundation
import TestSupport
import Testing
import WebimClientLibrary

/// `resend(message:)` and `cancelResend(message:)` on a message stuck in `sending`, behind a proxy that answers the
/// service's actions with 502 for a while.
@Suite struct ResendTests {
    /// Runs `body` with a session whose actions get 502 for the first `failures` tries.
    private static func withFailingActions(
        _ failures: Int,
        _ body: @Sendable (SessionHarness, FaultPlan) async throws -> Void
    ) async throws {
        try await withTemporaryDirectory { directory in
            try await LiveStack.withService(dataDirectory: directory, holdTimeout: .seconds(1)) { service in
                let plan = FaultPlan()
                try await FaultProxy.with(target: service, plan: plan) { proxy in
                    let harness = SessionHarness()
                    // No operator answers (`manual`): the list holds what the visitor sent and nothing else.
                    try await harness.start(
                        accountURL: proxy,
                        storage: directory.appendingPathComponent("visitor"),
                        location: "manual"
                    )
                    await plan.inject(.status(502), on: "/l/v/m/action", times: failures)
                    try await body(harness, plan)
                    try await harness.destroy()
                }
            }
        }
    }

    @Test func aMessageGivenUpLeavesTheListAndNeverReachesTheService() async throws {
        try await Self.withFailingActions(3) { harness, plan in
            let id = try await harness.send("Never mind")
            await plan.waitUntilServed(1)
            try await harness.run { _, stream in
                try stream.cancelResend(message: HandBuiltMessage(id: id, text: "Never mind", sendStatus: .sending))
            }
            #expect(await harness.listener.events.first { $0 == .removed(id: id) } != nil)
            let after = try await harness.send("Instead this")
            #expect(
                await harness.listener.events.first { $0 == .changed(id: after, text: "Instead this", status: .sent) }
                    != nil
            )
            #expect(try await harness.lastMessages() == ["Instead this"])
        }
    }

    @Test func aMessageSentAgainTellsItsHandlerOnceTheServiceHasIt() async throws {
        try await Self.withFailingActions(2) { harness, plan in
            let id = try await harness.send("Try again")
            await plan.waitUntilServed(1)
            let handler = ResendRecorder()
            try await harness.run { _, stream in
                try stream.resend(
                    message: HandBuiltMessage(id: id, text: "Try again", sendStatus: .sending),
                    completionHandler: handler
                )
                // A message that is not on its way is left alone.
                try stream.resend(
                    message: HandBuiltMessage(id: "not-sending", text: "Sent", sendStatus: .sent),
                    completionHandler: handler
                )
            }
            #expect(await handler.outcome() == "success \(id)")
            #expect(try await harness.lastMessages().filter { $0 == "Try again" }.count == 1)
        }
    }
}

/// Records the first outcome of `resend`.
private final class ResendRecorder: ResendMessageCompletionHandler {
    private let (stream, continuation) = AsyncStream.makeStream(of: String.self)

    func onSuccess(messageID: String) { continuation.yield("success \(messageID)") }
    func onFailure() { continuation.yield("failure") }

    func outcome() async -> String? {
        await withTimeout(.seconds(15)) {
            var iterator = self.stream.makeAsyncIterator()
            return await iterator.next()
        }
    }
}
