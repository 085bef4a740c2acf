public import Foundation
public import WebimService

extension ChatClock {
    /// A service clock that moves only when `clock` is advanced: it reads `start` plus the time advanced, and every
    /// wait of the service (scenario steps, held polls, the pruner) sleeps on `clock`.
    public static func manual(_ clock: TestClock, start: Date = Date()) -> ChatClock {
        let origin = clock.now
        let startSeconds = start.timeIntervalSince1970
        return ChatClock(
            unixSeconds: {
                let advanced = origin.duration(to: clock.now).components
                return startSeconds + Double(advanced.seconds) + Double(advanced.attoseconds) / 1e18
            },
            sleep: { try await clock.sleep(for: $0) }
        )
    }
}
