extension ServerDrain {
    /// The drain's rules, with no I/O: whether it has started, how many requests are being handled, and when it is
    /// over. `ServerDrain` feeds it the events and performs the actions it returns.
    struct StateMachine: Sendable {
        private enum State: Sendable, Equatable {
            /// Taking new tabs.
            case serving
            /// Taking no new tabs; waiting for the requests in flight.
            case draining
            /// Nothing was left in flight, or the timeout passed: the server may stop. It still answers until it
            /// does, and still takes no new tab.
            case drained
        }

        /// What `ServerDrain` does after an event.
        enum Action: Sendable, Equatable {
            /// Tell every open stream to reconnect elsewhere, then wait for the requests in flight.
            case dismissStreams
            /// The drain is over: tell the streams opened since to reconnect too, and let the server stop.
            case finish
            case none
        }

        private var state = State.serving
        /// Requests being handled now; a stream counts only until its response starts.
        private(set) var requestsInFlight = 0

        /// Whether the drain has started: from then on no new tab opens, even once it is over.
        var isDraining: Bool { state != .serving }
        /// Whether the drain is over.
        var isFinished: Bool { state == .drained }

        /// A graceful shutdown began. With nothing in flight the drain is over at once.
        mutating func start() -> Action {
            guard state == .serving else { return .none }
            guard requestsInFlight > 0 else {
                state = .drained
                return .finish
            }
            state = .draining
            return .dismissStreams
        }

        /// A request reached the routes.
        mutating func requestStarted() { requestsInFlight += 1 }

        /// A request was answered (or failed); the last one in flight ends the drain.
        mutating func requestFinished() -> Action {
            requestsInFlight -= 1
            guard state == .draining, requestsInFlight == 0 else { return .none }
            state = .drained
            return .finish
        }

        /// The drain timeout passed: whatever is still in flight, the drain is over. A request still running is left
        /// to the application's stop, which waits for the requests it holds as it always did.
        mutating func timeoutPassed() -> Action {
            guard state == .draining else { return .none }
            state = .drained
            return .finish
        }
    }
}
