import Synchronization
import TestSupport
import Testing

@testable import WidgetServer

/// `/healthz`'s question to the chat service: one at a time, shared by the probes that wait for it, and asked again
/// only once the answer is stale, however often the server is probed.
@Suite struct ServiceReachabilityTests {
    @Test func anAnswerIsFreshForItsTimeThenStale() {
        let memory = ServiceReachability.Memory(answeredAt: .seconds(10), isReachable: true)
        #expect(memory.answer(at: .seconds(10)) == true)
        #expect(memory.answer(at: .seconds(10) + ServiceReachability.Memory.freshFor - .milliseconds(1)) == true)
        #expect(memory.answer(at: .seconds(10) + ServiceReachability.Memory.freshFor) == nil)
        #expect(ServiceReachability.Memory().answer(at: .zero) == nil)
    }

    /// The server's clock is the wall clock: set back, it must not keep the last answer until it catches up.
    @Test func anAnswerFromBeforeTheClockWentBackIsStale() {
        let memory = ServiceReachability.Memory(answeredAt: .seconds(3600), isReachable: true)
        #expect(memory.answer(at: .seconds(3600) - .milliseconds(1)) == nil)
        #expect(memory.answer(at: .zero) == nil)
    }

    @Test func probesShareOneQuestionAndItsAnswerUntilItIsStale() async {
        let clock = TestClock()
        let questions = Mutex(0)
        let answers = Mutex([true, false])
        let (gate, opening) = AsyncStream.makeStream(of: Void.self)
        let (started, starting) = AsyncStream.makeStream(of: Void.self)
        let reachability = ServiceReachability(
            ask: {
                let number = questions.withLock { count in
                    count += 1
                    return count
                }
                // The first question is held until the test opens the gate: probes meanwhile wait on it, and those
                // that come after it read its answer.
                if number == 1 {
                    starting.yield()
                    for await _ in gate { break }
                }
                return answers.withLock { $0.removeFirst() }
            },
            clock: .manual(clock)
        )
        let probes = Task {
            await withTaskGroup(of: Bool.self) { group in
                for _ in 0..<20 { group.addTask { await reachability.isReachable() } }
                return await group.reduce(into: [Bool]()) { $0.append($1) }
            }
        }
        var asked = started.makeAsyncIterator()
        _ = await asked.next()
        opening.yield()
        #expect(await probes.value == Array(repeating: true, count: 20))
        #expect(await reachability.isReachable() == true)
        #expect(questions.withLock { $0 } == 1)

        clock.advance(by: ServiceReachability.Memory.freshFor)
        #expect(await reachability.isReachable() == false)
        #expect(questions.withLock { $0 } == 2)
    }

    @Test func probingOftenAsksTheAccountsServerOnce() async throws {
        try await withWidgetBehindACountingProxy { stack, plan in
            let client = WidgetClient(stack)
            let before = await plan.requests(to: Self.configPath)
            for _ in 0..<10 {
                let health = try await client.get("/healthz")
                #expect(health.json["service"] as? String == "reachable")
            }
            // One question, or two if the probes took longer than an answer stays fresh.
            #expect(await plan.requests(to: Self.configPath) - before <= 2)
        }
    }

    /// A supervisor's first probe comes right after the server listens: the server has asked as it started, so that
    /// probe finds the answer instead of waiting for a cold client's first request to the account's server.
    @Test func theServerAsksAsItStartsSoTheFirstProbeFindsTheAnswer() async throws {
        try await withWidgetBehindACountingProxy { stack, plan in
            #expect(await eventually(within: .seconds(10)) { await plan.requests(to: Self.configPath) == 1 })
            let health = try await WidgetClient(stack).get("/healthz")
            #expect(health.json["service"] as? String == "reachable")
            #expect(await plan.requests(to: Self.configPath) == 1)
        }
    }

    /// What `/healthz` asks the account's server.
    private static let configPath = "/api/visitor/v1/configs/default"

    /// A widget server whose account's server is the service behind a proxy that counts its requests.
    private func withWidgetBehindACountingProxy(
        _ body: @escaping @Sendable (LiveStack, FaultPlan) async throws -> Void
    ) async throws {
        try await withTemporaryDirectory { directory in
            try await LiveStack.withService(dataDirectory: directory) { service in
                let plan = FaultPlan()
                try await FaultProxy.with(target: service, plan: plan) { proxy in
                    try await LiveStack.withWidget(accountURL: proxy, serviceURL: service, dataDirectory: directory) {
                        try await body($0, plan)
                    }
                }
            }
        }
    }
}
