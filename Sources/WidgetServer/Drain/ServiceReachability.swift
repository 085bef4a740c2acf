import AsyncHTTPClient
import NIOCore
import NIOHTTP1

/// Whether the chat service answers, as `/healthz` reports it: asked at most once every `freshFor`, and probes that
/// come while it is being asked share that one question. `/healthz` is public, and asking the service for each probe
/// let anyone who can reach the server send the account's server as many requests as they sent it.
actor ServiceReachability {
    /// What the last answer is worth, and whether it is still fresh.
    struct Memory: Equatable {
        /// The time of the last answer, on the elapsed clock; nil before the first.
        var answeredAt: Duration?
        var isReachable = false

        /// How long an answer stands before the service is asked again.
        static let freshFor = Duration.seconds(5)

        /// The last answer while it is fresh at `now`; nil when the service must be asked.
        func answer(at now: Duration) -> Bool? {
            guard let answeredAt, now - answeredAt < Self.freshFor else { return nil }
            return isReachable
        }
    }

    private var memory = Memory()
    private var asking: Task<Bool, Never>?
    private let ask: @Sendable () async -> Bool
    private let elapsed: @Sendable () -> Duration

    init(ask: @escaping @Sendable () async -> Bool, clock: some Clock<Duration> = ContinuousClock()) {
        self.ask = ask
        let start = clock.now
        elapsed = { start.duration(to: clock.now) }
    }

    /// Asks the account's server for its default location's configuration, which every Webim server answers.
    init(accountURL: String, client: HTTPClient = .shared) {
        self.init(ask: {
            let request = HTTPClientRequest(url: accountURL + "/api/visitor/v1/configs/default?jsonp=false")
            return (try? await client.execute(request, timeout: .seconds(2)))?.status == .ok
        })
    }

    /// Whether the service answered, asked now only when the last answer is stale.
    func isReachable() async -> Bool {
        if let known = memory.answer(at: elapsed()) { return known }
        if let asking { return await asking.value }
        let question = Task { await ask() }
        asking = question
        let answer = await question.value
        (memory, asking) = (Memory(answeredAt: elapsed(), isReachable: answer), nil)
        return answer
    }
}
