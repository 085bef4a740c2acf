/// The session's time: the clock its timers sleep on, and how long it has run, for the state machines' decisions.
///
/// The clock is injected (`SessionBuilder.set(clock:)`), so tests drive the timers with a test clock and never
/// sleep; the state machines take `elapsed` as a plain `Duration`, so their own tests need no clock at all.
struct SessionClock: Sendable {
    private let clock: any Clock<Duration>
    private let elapsedSinceStart: @Sendable () -> Duration

    init(_ clock: any Clock<Duration> = ContinuousClock()) {
        self.clock = clock
        self.elapsedSinceStart = Self.makeElapsed(clock)
    }

    /// Time since the session was built.
    var elapsed: Duration { elapsedSinceStart() }

    /// Sleeps on the injected clock; false when the task was cancelled first.
    @discardableResult
    func sleep(for duration: Duration) async -> Bool {
        do {
            try await clock.sleep(for: duration)
            return true
        } catch {
            return false
        }
    }

    private static func makeElapsed<C: Clock<Duration>>(_ clock: C) -> @Sendable () -> Duration {
        let start = clock.now
        return { start.duration(to: clock.now) }
    }
}
