import Foundation
import TestSupport
import Testing
import WebimService
import WebimWire

/// A scenario's `after:` delays wait on the service's one clock: a test moves that clock, and waits out nothing.
@Suite struct ScenarioClockTests {
    static let slow = """
        {"name": "slow", "description": "Says one thing, thirty seconds after the chat starts.",
         "operator": {"id": 7, "name": "Sam Slow"},
         "onChatStart": [{"action": "join"}, {"after": 30, "action": "say", "text": "Thirty seconds later."}]}
        """

    @Test func aScriptedDelayWaitsForTheServiceClockToMove() async throws {
        let clock = TestClock()
        let start = Date(timeIntervalSince1970: 1_900_000_000)
        try await withTemporaryDirectory { directory in
            try await LiveStack.withService(
                dataDirectory: directory,
                holdTimeout: .seconds(2),
                scenarios: ["slow": Self.slow],
                adjust: {
                    $0.clock = .manual(clock, start: start)
                    $0.scenarioPace = .asScripted
                }
            ) { base in
                let client = try await ServiceClient.start(base, location: "slow")
                _ = try await client.action("chat.start", [("client-side-id", ScenarioTests.hex)])
                // The step is asleep on the service's clock, thirty of its seconds ahead, before anything is said.
                #expect(await clock.waitForSleep(until: clock.now.advanced(by: .seconds(30))))
                clock.advance(by: .seconds(30))
                let said = try #require(try await client.waitForMessage { $0.text == "Thirty seconds later." })
                // Said at the clock's time, not the machine's: the service read the clock it was given.
                #expect(said.timeMicros == Int64(start.timeIntervalSince1970 + 30) * 1_000_000)
            }
        }
    }
}
