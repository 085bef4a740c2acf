/// A session's lifecycle as the reference defines it: built paused, then `resume()`, `pause()` and `destroy()`;
/// a destroyed session stays destroyed. The session performs the actions.
struct SessionLifecycle: Sendable, Equatable {
    private enum State: Equatable {
        case built
        case running
        case paused
        case destroyed
    }

    /// What the session does on a lifecycle call.
    enum Action: Sendable, Equatable {
        /// Start the loops (the first `resume()`).
        case startLoops
        /// Let the waiting loops go on.
        case wakeLoops
        /// Cancel every task, close the history, and with `clearingVisitorData` delete it and unregister the push
        /// token.
        case end(clearingVisitorData: Bool)
        case none
    }

    private var state = State.built

    /// Whether the loops may talk to the service.
    var isRunning: Bool { state == .running }
    var isDestroyed: Bool { state == .destroyed }

    mutating func resume() -> Action {
        switch state {
        case .built:
            state = .running
            return .startLoops
        case .paused:
            state = .running
            return .wakeLoops
        case .running, .destroyed:
            return .none
        }
    }

    mutating func pause() -> Action {
        if state == .running { state = .paused }
        return .none
    }

    mutating func destroy(clearingVisitorData: Bool) -> Action {
        guard state != .destroyed else { return .none }
        state = .destroyed
        return .end(clearingVisitorData: clearingVisitorData)
    }
}
