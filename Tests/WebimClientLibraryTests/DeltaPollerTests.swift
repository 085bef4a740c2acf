import Testing
import WebimWire

@testable import WebimClientLibrary

/// The delta loop's decisions, driven without a socket or a clock.
@Suite struct DeltaPollerTests {
    @Test func initComesFirstThenDeltasSinceTheAppliedRevision() {
        var poller = DeltaPoller()
        #expect(poller.nextRequest(isAuthorized: false) == .initialization)
        #expect(poller.answerArrived() == [.setConnected(true)])
        #expect(poller.answered(.applied(revision: 7), to: .initialization).isEmpty)
        #expect(poller.nextRequest(isAuthorized: true) == .delta(since: 7))
        #expect(poller.answered(.applied(revision: nil), to: .delta(since: 7)).isEmpty)
        #expect(poller.nextRequest(isAuthorized: true) == .delta(since: 7))
        // A session that lost its page inits again whatever the revision.
        #expect(poller.nextRequest(isAuthorized: false) == .initialization)
    }

    @Test func reinitRequiredDropsThePageAndInitsAtOnce() {
        var poller = DeltaPoller()
        _ = poller.answered(.applied(revision: 3), to: .initialization)
        let actions = poller.answered(.error(WireError.reinitRequired), to: .delta(since: 3))
        #expect(actions == [.dropAuthorization])
        #expect(poller.nextRequest(isAuthorized: true) == .initialization)
    }

    @Test func anInitAnswerWithoutAFullUpdateIsRetriedAfterASecond() {
        var poller = DeltaPoller()
        #expect(poller.answered(.noFullUpdate, to: .initialization) == [.backOff(.seconds(1))])
        #expect(poller.nextRequest(isAuthorized: false) == .initialization)
    }

    @Test func aRefusedProvidedTokenIsAskedForAgainEveryFifthTime() {
        var poller = DeltaPoller()
        let asks = (1...10).map { _ in
            poller.answered(.error(WireError.providedAuthTokenNotFound), to: .initialization)
                .contains(.askForProvidedToken)
        }
        #expect(asks == [false, false, false, false, true, false, false, false, false, true])
        // Not at init, the same error is fatal like any other.
        #expect(
            poller.answered(.error(WireError.providedAuthTokenNotFound), to: .delta(since: 1))
                == [.fail(WireError.providedAuthTokenNotFound)]
        )
    }

    @Test func aFatalErrorEndsTheSession() {
        var poller = DeltaPoller()
        #expect(
            poller.answered(.error(WireError.visitorBanned), to: .initialization) == [.fail(WireError.visitorBanned)]
        )
    }

    @Test func aRefusedConnectionIsReportedAndWaitsLongerEachFifthTime() {
        var poller = DeltaPoller()
        let first = poller.failed(.noConnection("refused"))
        #expect(
            first == [.setConnected(false), .report(.noNetworkConnection, "refused"), .backOff(.milliseconds(100))]
        )
        for _ in 2...4 { _ = poller.failed(.noConnection("refused")) }
        #expect(poller.failed(.noConnection("refused")).last == .backOff(.seconds(1) + .milliseconds(100)))
        // An answer starts a new run.
        _ = poller.answerArrived()
        #expect(poller.failed(.noConnection("refused")).last == .backOff(.milliseconds(100)))
    }

    @Test func unavailableAnswersAreReportedFromTheFifthAndWaitAtMostTenSeconds() {
        var poller = DeltaPoller()
        let runs = (1...12).map { _ in poller.failed(.unavailable(status: 502)) }
        #expect(runs[0] == [.backOff(.seconds(1))])
        #expect(runs[3] == [.backOff(.seconds(4))])
        #expect(runs[4] == [.report(.serverIsNotAvailable, "HTTP 502"), .backOff(.seconds(5))])
        #expect(runs[11].last == .backOff(.seconds(10)))
    }

    @Test func anUnreadableAnswerWaitsASecondAndChangesNothingElse() {
        var poller = DeltaPoller()
        _ = poller.answered(.applied(revision: 4), to: .initialization)
        #expect(poller.failed(.unreadable("garbage")) == [.backOff(.seconds(1))])
        #expect(poller.nextRequest(isAuthorized: true) == .delta(since: 4))
    }

    @Test func aDroppedPageMakesTheNextRequestInit() {
        var poller = DeltaPoller()
        _ = poller.answered(.applied(revision: 9), to: .initialization)
        poller.needsInitialization()
        #expect(poller.nextRequest(isAuthorized: true) == .initialization)
    }
}
