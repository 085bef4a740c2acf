/// When a connection must have sent a whole request head, as a state machine without I/O or time: the owner
/// (`RequestHeadTimeoutHandler`) performs the actions and runs the timer.
///
/// The deadline runs from the connection's opening, and from the first byte of each later request: a head trickled a
/// byte at a time (a slowloris) is cut off at the header timeout. Between requests no deadline of this kind runs, so
/// a browser may keep an idle connection for its next request (the idle timeout closes it); while a request is served
/// (an event stream, a held long-poll, an upload's body arriving) none runs either.
package struct RequestHeadDeadline: Sendable {
    private enum State: Sendable {
        case unopened
        /// Bytes of a head may be on their way; the timer armed as `generation` closes the connection.
        case awaitingHead(generation: Int)
        /// The last response is written and nothing of the next request has arrived.
        case betweenRequests
        /// Heads read whose responses are not finished yet (more than one when requests are pipelined).
        case serving(requests: Int)
        case closed
    }

    /// What the owner does.
    package enum Action: Equatable, Sendable {
        /// Start the timer (replacing any other) that reports `deadlinePassed(generation:)`.
        case arm(generation: Int)
        /// Stop the timer.
        case disarm
        /// Close the connection: its head did not arrive in time.
        case close
        case none
    }

    private var state = State.unopened
    private var generation = 0

    /// A machine for a connection not yet open.
    package init() {}

    /// The connection is open: its first head is due.
    package mutating func connectionOpened() -> Action {
        guard case .unopened = state else { return .none }
        return awaitHead()
    }

    /// The socket delivered bytes (after any head they completed was reported): between requests they start the next
    /// head, and its deadline.
    package mutating func bytesArrived() -> Action {
        guard case .betweenRequests = state else { return .none }
        return awaitHead()
    }

    /// A whole request head was read.
    package mutating func headReceived() -> Action {
        switch state {
        case .awaitingHead:
            state = .serving(requests: 1)
            return .disarm
        case .betweenRequests, .unopened:
            state = .serving(requests: 1)
            return .none
        case .serving(let requests):
            state = .serving(requests: requests + 1)
            return .none
        case .closed:
            return .none
        }
    }

    /// A response was written to its end.
    package mutating func responseEnded() -> Action {
        guard case .serving(let requests) = state else { return .none }
        state = requests > 1 ? .serving(requests: requests - 1) : .betweenRequests
        return .none
    }

    /// The timer armed as `generation` went off.
    package mutating func deadlinePassed(generation fired: Int) -> Action {
        guard case .awaitingHead(let armed) = state, armed == fired else { return .none }
        state = .closed
        return .close
    }

    private mutating func awaitHead() -> Action {
        generation += 1
        state = .awaitingHead(generation: generation)
        return .arm(generation: generation)
    }
}
