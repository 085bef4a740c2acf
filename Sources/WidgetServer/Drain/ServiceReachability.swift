import HTTPAPI
import WebimClientLibrary

/// Whether the chat service answers, as `/healthz` reports it: asked at most once every `freshFor`, and probes that
/// come while it is being asked share that one question. `/healthz` is public, and asking the service for each probe
/// let anyone who can reach the server send the account's server as many requests as they sent it.
actor ServiceReachability {
    /// What the last answer is worth, and whether it is still fresh.
    struct Memory: Equatable {
        /// When the last answer came, as time since the first question on the server's clock; nil before the first.
        var answeredAt: Duration?
        var isReachable = false

        /// How long an answer stands before the service is asked again.
        static let freshFor = Duration.seconds(5)

        /// The last answer while it is fresh at `now`; nil when the service must be asked. An answer from the
        /// future is stale too: the server's clock is the wall clock, and one set back would otherwise keep the
        /// answer for as long as it went back.
        func answer(at now: Duration) -> Bool? {
            guard let answeredAt, (.zero..<Self.freshFor).contains(now - answeredAt) else { return nil }
            return isReachable
        }
    }

    private var memory = Memory()
    private var asking: Task<Bool, Never>?
    private let ask: @Sendable () async -> Bool
    private let elapsed: @Sendable () -> Duration

    /// Asks with `ask`; times answers on `clock`, the server's one clock, so that a test moving it ages them.
    init(ask: @escaping @Sendable () async -> Bool, clock: ServerClock) {
        self.ask = ask
        let start = clock.now()
        elapsed = { .seconds(clock.now() - start) }
    }

    /// Asks the account's service whether it answers (`WebimLocationClient.isAnswering()`), the way the sessions
    /// reach it.
    init(locations: WebimLocationClient, clock: ServerClock) {
        self.init(ask: { await locations.isAnswering() }, clock: clock)
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
