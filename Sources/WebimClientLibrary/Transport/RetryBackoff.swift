/// How long the delta loop and the action queue wait before asking the service again (PROTOCOL.md §1.5), and when a
/// run of failures is worth reporting. One policy for both loops; a value each loop keeps and feeds its outcomes.
struct RetryBackoff: Sendable, Equatable {
    /// After this many failures in a row the loop reports them (`serverIsNotAvailable`).
    static let reportAfter = 5
    /// The longest wait after answers the protocol does not accept.
    static let longestUnavailableWait = 10
    /// Refused connections are counted up to this (the wait stops growing at `floor(24 / 5)` s).
    static let connectionFailuresCounted = 24
    /// Added to every wait after a refused connection: iOS waits `floor(k / 5)` s, which is 0 for the first four,
    /// and a refused connection answers at once, so without it a loop would spin a core.
    static let spinGuard = Duration.milliseconds(100)

    /// Refused or lost connections in a row.
    private(set) var connectionFailures = 0
    /// Answers in a row the protocol does not accept (a 502, a body that does not parse).
    private(set) var unavailableFailures = 0

    /// The service answered: the next failure starts a new run.
    mutating func succeeded() {
        connectionFailures = 0
        unavailableFailures = 0
    }

    /// A connection was refused or lost: the wait before the next try, `floor(k / 5)` s after the k-th.
    mutating func connectionFailed() -> Duration {
        connectionFailures = min(connectionFailures + 1, Self.connectionFailuresCounted)
        return .seconds(connectionFailures / 5) + Self.spinGuard
    }

    /// The service answered with something the protocol does not accept: `n` s after the n-th, at most 10, and
    /// whether the run is long enough to report.
    mutating func unavailable() -> (wait: Duration, worthReporting: Bool) {
        unavailableFailures += 1
        let wait = Duration.seconds(min(unavailableFailures, Self.longestUnavailableWait))
        return (wait, unavailableFailures >= Self.reportAfter)
    }

    /// An action that does not retry for ever has given up: the next one starts a new run of unavailable answers.
    mutating func gaveUp() { unavailableFailures = 0 }
}
