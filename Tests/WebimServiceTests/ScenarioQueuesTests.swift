import Testing

@testable import WebimService

/// The triggers that wait for one visitor's scenario are bounded: a visitor sending faster than the bot answers
/// grows nothing without end, and the bot answers what they said last.
@Suite struct ScenarioQueuesTests {
    static func said(_ text: String, by visitor: String = "v") -> ScenarioTrigger {
        ScenarioTrigger(
            visitorID: visitor,
            location: "default",
            event: .visitorMessage(text: text, messageID: text, whileKeyboardPending: false, isHintQuestion: false)
        )
    }

    @Test func aVisitorSendingFasterThanTheBotAnswersWaitsInABoundedQueue() {
        let queues = ScenarioQueues()
        #expect(queues.add(Self.said("first")))
        #expect(queues.next(for: "v") != nil)  // playing now
        for index in 0..<1_000 { #expect(!queues.add(Self.said("m\(index)"))) }
        #expect(queues.waitingCount(for: "v") == ScenarioQueues.maximumWaiting)
        // The newest message waits; the oldest gave way.
        var texts: [String] = []
        while let trigger = queues.next(for: "v") {
            if case .visitorMessage(let text, _, _, _) = trigger.event { texts.append(text) }
        }
        #expect(texts.last == "m999")
        #expect(!texts.contains("m0"))
    }

    @Test func whatIsNotSaidIsKeptAndANewMessageWaitsBehindIt() {
        let queues = ScenarioQueues()
        #expect(queues.add(Self.said("first")))
        _ = queues.next(for: "v")
        let started = ScenarioTrigger(visitorID: "v", location: "default", event: .chatStarted)
        for _ in 0..<ScenarioQueues.maximumWaiting { _ = queues.add(started) }
        // Nothing said waits: the new message is the one dropped, and the chat's own triggers stay.
        _ = queues.add(Self.said("late"))
        #expect(queues.waitingCount(for: "v") == ScenarioQueues.maximumWaiting)
        var events: [ScenarioTrigger.Event] = []
        while let trigger = queues.next(for: "v") { events.append(trigger.event) }
        #expect(events.allSatisfy { !$0.isSomethingSaid })
        // Another visitor's queue is their own.
        #expect(queues.add(Self.said("hello", by: "w")))
    }
}
