import Testing

@testable import WebimClientLibrary

/// The one retry policy of the delta loop and the action queue, driven without a socket or a clock.
@Suite struct RetryBackoffTests {
    @Test func refusedConnectionsWaitAFifthOfASecondMoreEachFiveAndStopGrowing() {
        var backoff = RetryBackoff()
        let waits = (1...30).map { _ in backoff.connectionFailed() }
        // floor(k / 5) s as iOS waits, never 0: a refused connection answers at once.
        #expect(waits[0] == .milliseconds(100))
        #expect(waits[3] == .milliseconds(100))
        #expect(waits[4] == .seconds(1) + .milliseconds(100))
        #expect(waits[9] == .seconds(2) + .milliseconds(100))
        #expect(waits[23] == .seconds(4) + .milliseconds(100))
        #expect(waits[29] == .seconds(4) + .milliseconds(100))
        #expect(waits == waits.sorted())
        backoff.succeeded()
        #expect(backoff.connectionFailed() == .milliseconds(100))
    }

    @Test func unavailableAnswersWaitLongerUpToTenSecondsAndAreReportedFromTheFifth() {
        var backoff = RetryBackoff()
        let retries = (1...12).map { _ in backoff.unavailable() }
        #expect(retries.map(\.wait) == [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10].map { Duration.seconds($0) })
        #expect(retries.map(\.worthReporting) == Array(repeating: false, count: 4) + Array(repeating: true, count: 8))
        backoff.gaveUp()
        #expect(backoff.unavailable() == (wait: .seconds(1), worthReporting: false))
    }

    @Test func aSuccessStartsBothRunsAnew() {
        var backoff = RetryBackoff()
        for _ in 1...7 {
            _ = backoff.connectionFailed()
            _ = backoff.unavailable()
        }
        backoff.succeeded()
        #expect(backoff == RetryBackoff())
        // Connection failures do not count towards the unavailable run, nor the other way.
        _ = backoff.connectionFailed()
        #expect(backoff.unavailable().wait == .seconds(1))
    }
}
