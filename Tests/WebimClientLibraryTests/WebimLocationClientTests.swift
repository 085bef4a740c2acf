import Foundation
import TestSupport
import Testing
import WebimClientLibrary
import WebimWire

/// The questions asked before any session, against the embedded service over HTTP and in-process: the same answers
/// either way, and none, promptly, from a service that refuses, hangs, fails or sends too much.
@Suite struct WebimLocationClientTests {
    @Test func configStatusAndProbeAreAnsweredAlikeOverHTTPAndInProcess() async throws {
        try await withTemporaryDirectory { directory in
            try await LiveStack.withService(dataDirectory: directory) { serviceURL, transport in
                let overHTTP = WebimLocationClient(accountURL: serviceURL)
                let inProcess = WebimLocationClient(accountURL: serviceURL, transport: transport)
                for client in [overHTTP, inProcess] {
                    let config = try await client.config(location: "prechat")
                    #expect(config.locationSettings?.chat?.visitorFields?.isEmpty == false)
                    #expect(try await client.onlineStatus(location: "default") != .unknown)
                    #expect(await client.isAnswering())
                }
                #expect(try await overHTTP.config(location: "prechat") == inProcess.config(location: "prechat"))
                let statusOverHTTP = try await overHTTP.onlineStatus(location: "manual")
                #expect(try await inProcess.onlineStatus(location: "manual") == statusOverHTTP)
                // The states are an HTTP route of the embedded service's own, not the protocol's.
                #expect(try await !overHTTP.namedStates().isEmpty)
            }
        }
    }

    /// The HTTP client retries a refused connection until the question's deadline: no answer, at the timeout.
    @Test func aRefusedConnectionIsNoAnswer() async throws {
        let client = WebimLocationClient(
            accountURL: "http://127.0.0.1:\(try FreePort.make())",
            limits: Self.shortLimits
        )
        #expect(await Self.outcome { try await client.config(location: "default") } == .failed(.noAnswer))
        #expect(await Self.outcome { try await client.onlineStatus(location: "default") } == .failed(.noAnswer))
        #expect(await withTimeout(Self.patience) { await client.isAnswering() } == false)
    }

    @Test func aHungServiceIsGivenUpAtTheTimeout() async throws {
        try await withFaultyService { proxy, plan in
            await plan.inject(.hang, on: WireEndpoint.configs, times: 2)
            await plan.inject(.hang, on: WireEndpoint.onlineStatus)
            let client = WebimLocationClient(accountURL: proxy, limits: Self.shortLimits)
            #expect(await Self.outcome { try await client.config(location: "default") } == .failed(.noAnswer))
            #expect(await Self.outcome { try await client.onlineStatus(location: "default") } == .failed(.noAnswer))
            #expect(await withTimeout(Self.patience) { await client.isAnswering() } == false)
            // Each question reached the service and was held there; none ended for another reason.
            #expect(await plan.servedCount == 3)
        }
    }

    @Test func aGatewaysErrorIsNotAnAnswer() async throws {
        try await withFaultyService { proxy, plan in
            await plan.inject(.status(502), on: WireEndpoint.configs, times: 2)
            let client = WebimLocationClient(accountURL: proxy)
            #expect(await Self.outcome { try await client.config(location: "default") } == .failed(.unavailable))
            #expect(await withTimeout(Self.patience) { await client.isAnswering() } == false)
            #expect(await withTimeout(Self.patience) { await client.isAnswering() } == true)
        }
    }

    @Test func anAnswerLongerThanItsLimitIsRefusedOverEitherTransport() async throws {
        try await withTemporaryDirectory { directory in
            try await LiveStack.withService(dataDirectory: directory) { serviceURL, transport in
                var limits = WebimLocationClient.Limits()
                (limits.configBytes, limits.statusBytes) = (64, 8)
                for client in [
                    WebimLocationClient(accountURL: serviceURL, limits: limits),
                    WebimLocationClient(accountURL: serviceURL, transport: transport, limits: limits),
                ] {
                    #expect(await Self.outcome { try await client.config(location: "default") } == .failed(.tooLarge))
                    #expect(
                        await Self.outcome { try await client.onlineStatus(location: "default") } == .failed(.tooLarge)
                    )
                    #expect(await withTimeout(Self.patience) { await client.isAnswering() } == false)
                }
                // Within the default limits the same questions are answered.
                let answered = WebimLocationClient(accountURL: serviceURL, transport: transport)
                #expect(await Self.outcome { try await answered.config(location: "default") } == .answered)
            }
        }
    }

    /// How the question ended.
    private enum Outcome: Equatable {
        case answered
        case failed(LocationQueryError.Code)
        case failedOtherwise
        /// Not within `patience`: longer than any of the client's timeouts.
        case stillWaiting
    }

    /// Longer than any timeout of the client's: a question still unanswered after it is the client's fault.
    private static let patience = Duration.seconds(10)

    /// Timeouts short enough for a test to wait out, long enough for a loaded machine to connect within.
    private static let shortLimits = {
        var limits = WebimLocationClient.Limits()
        (limits.timeout, limits.probeTimeout) = (.seconds(1), .seconds(1))
        return limits
    }()

    private static func outcome(_ question: @escaping @Sendable () async throws -> some Sendable) async -> Outcome {
        let ended = await withTimeout(patience) { () async -> Outcome? in
            do {
                _ = try await question()
                return .answered
            } catch let error as LocationQueryError {
                return .failed(error.code)
            } catch {
                return .failedOtherwise
            }
        }
        return ended ?? .stillWaiting
    }

    /// The embedded service behind a proxy that serves the faults a test plans.
    private func withFaultyService(_ body: @escaping @Sendable (String, FaultPlan) async throws -> Void) async throws {
        try await withTemporaryDirectory { directory in
            try await LiveStack.withService(dataDirectory: directory) { service in
                let plan = FaultPlan()
                try await FaultProxy.with(target: service, plan: plan) { try await body($0, plan) }
            }
        }
    }
}
