import HTTPAPI
import Testing

/// The request-head deadline, driven without sockets or time: when it runs, and what it never cuts off.
@Suite struct RequestHeadDeadlineTests {
    @Test func aHeadNotCompleteWhenTheDeadlinePassesClosesTheConnection() {
        var deadline = RequestHeadDeadline()
        #expect(deadline.connectionOpened() == .arm(generation: 1))
        // Bytes trickling in do not push the deadline back: that is what a slowloris relies on.
        #expect(deadline.bytesArrived() == .none)
        #expect(deadline.bytesArrived() == .none)
        #expect(deadline.deadlinePassed(generation: 1) == .close)
    }

    @Test func aHeadInTimeStopsTheDeadline() {
        var deadline = RequestHeadDeadline()
        #expect(deadline.connectionOpened() == .arm(generation: 1))
        #expect(deadline.headReceived() == .disarm)
        // A timer that went off anyway (it was already due) closes nothing.
        #expect(deadline.deadlinePassed(generation: 1) == .none)
    }

    @Test func aRequestBeingServedHasNoDeadline() {
        var deadline = RequestHeadDeadline()
        _ = deadline.connectionOpened()
        _ = deadline.headReceived()
        // An upload's body, or the page's close of an event stream, arriving while the answer is written.
        #expect(deadline.bytesArrived() == .none)
        #expect(deadline.bytesArrived() == .none)
        #expect(deadline.deadlinePassed(generation: 1) == .none)
    }

    @Test func betweenRequestsTheDeadlineWaitsForTheNextHeadsFirstByte() {
        var deadline = RequestHeadDeadline()
        _ = deadline.connectionOpened()
        _ = deadline.headReceived()
        // Idle between requests: the idle timeout's business, not this one's.
        #expect(deadline.responseEnded() == .none)
        #expect(deadline.deadlinePassed(generation: 1) == .none)
        #expect(deadline.bytesArrived() == .arm(generation: 2))
        #expect(deadline.deadlinePassed(generation: 1) == .none)
        #expect(deadline.deadlinePassed(generation: 2) == .close)
    }

    @Test func aHeadReadWithItsFirstBytesNeedsNoDeadline() {
        var deadline = RequestHeadDeadline()
        _ = deadline.connectionOpened()
        _ = deadline.headReceived()
        _ = deadline.responseEnded()
        // The decoder reports the head before the read's end: the whole head came in one read.
        #expect(deadline.headReceived() == .none)
        #expect(deadline.bytesArrived() == .none)
    }

    @Test func pipelinedRequestsAreServedToTheLastResponse() {
        var deadline = RequestHeadDeadline()
        _ = deadline.connectionOpened()
        _ = deadline.headReceived()
        #expect(deadline.headReceived() == .none)
        #expect(deadline.responseEnded() == .none)
        // One response still to write: still serving.
        #expect(deadline.bytesArrived() == .none)
        #expect(deadline.responseEnded() == .none)
        #expect(deadline.bytesArrived() == .arm(generation: 2))
    }
}
