public import Foundation
public import HTTPAPI

extension ServerClock {
    /// A server clock that moves only when `clock` is advanced: it reads `start` plus the time advanced, and every
    /// wait of the server it is given to (the service's scenario steps and held polls, the widget server's drain and
    /// reaper) sleeps on `clock`.
    public static func manual(_ clock: TestClock, start: Date = Date()) -> ServerClock {
        let origin = clock.now
        let startSeconds = start.timeIntervalSince1970
        return ServerClock(
            unixSeconds: {
                startSeconds + origin.duration(to: clock.now).inSeconds
            },
            sleep: { try await clock.sleep(for: $0) }
        )
    }
}
