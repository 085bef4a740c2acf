import Testing

@testable import WebimClientLibrary

/// `resume()`, `pause()` and `destroy()` as the reference defines them, without a session.
@Suite struct SessionLifecycleMachineTests {
    @Test func theFirstResumeStartsTheLoopsAndLaterOnesWakeThem() {
        var lifecycle = SessionLifecycle()
        #expect(!lifecycle.isRunning)
        #expect(lifecycle.pause() == .none)
        #expect(lifecycle.resume() == .startLoops)
        #expect(lifecycle.isRunning)
        #expect(lifecycle.resume() == .none)
        #expect(lifecycle.pause() == .none)
        #expect(!lifecycle.isRunning)
        #expect(lifecycle.resume() == .wakeLoops)
    }

    @Test func aDestroyedSessionStaysDestroyedAndEndsOnce() {
        var lifecycle = SessionLifecycle()
        _ = lifecycle.resume()
        #expect(lifecycle.destroy(clearingVisitorData: true) == .end(clearingVisitorData: true))
        #expect(lifecycle.isDestroyed)
        #expect(lifecycle.destroy(clearingVisitorData: false) == .none)
        #expect(lifecycle.resume() == .none)
        #expect(!lifecycle.isRunning)
    }

    @Test func aSessionNeverResumedEndsToo() {
        var lifecycle = SessionLifecycle()
        #expect(lifecycle.destroy(clearingVisitorData: false) == .end(clearingVisitorData: false))
    }
}
