import Testing
import WebimWire

@testable import WebimClientLibrary

/// The action queue's decisions, driven without a socket or a clock.
@Suite struct ActionQueueTests {
    private func action(
        _ wire: WireAction,
        typing: Bool = false,
        message: String? = nil,
        startsChat: Bool = false
    )
        -> QueuedAction
    {
        var queued = QueuedAction(call: .action(wire, []), startsChat: startsChat, outboxID: message) { _, _ in }
        queued.isTyping = typing
        return queued
    }

    /// The actions a list of steps finishes, with their outcomes written out.
    private func finished(_ steps: [ActionQueue.Action]) -> [String] {
        steps.compactMap { step in
            guard case .finish(let action, let outcome) = step else { return nil }
            return switch outcome {
            case .success: "\(action.id) success"
            case .failure(let error): "\(action.id) \(error)"
            case .canceled: "\(action.id) canceled"
            }
        }
    }

    @Test func nothingIsSentBeforeTheSessionCanSendAndThenTheFirstInOrder() {
        var queue = ActionQueue()
        let first = action(.chatReadByVisitor)
        queue.enqueue(first)
        queue.enqueue(action(.chatClose))
        guard case .waitForWork = queue.next(canSend: false, chatIsClosed: false) else {
            Issue.record("sent without a page")
            return
        }
        guard case .perform(let next, let startingChat) = queue.next(canSend: true, chatIsClosed: true) else {
            Issue.record("nothing to send")
            return
        }
        #expect(next.id == first.id)
        #expect(!startingChat)
    }

    @Test func aMessageToAClosedChatStartsTheChatFirst() {
        var queue = ActionQueue()
        queue.enqueue(action(.chatMessage, message: "m1", startsChat: true))
        guard case .perform(_, let startingChat) = queue.next(canSend: true, chatIsClosed: true) else {
            Issue.record("nothing to send")
            return
        }
        #expect(startingChat)
        #expect(queue.chatStartAnswered(error: nil) == nil)
        #expect(queue.chatStartAnswered(error: WireError.noChat) == nil)
        #expect(queue.chatStartAnswered(error: WireError.reinitRequired).map(finished) == [])
    }

    @Test func aNewerTypingReportReplacesTheWaitingOnesButNotTheOneOnTheWire() {
        var queue = ActionQueue()
        let onTheWire = action(.chatVisitorTyping, typing: true)
        queue.enqueue(onTheWire)
        queue.enqueue(action(.chatReadByVisitor))
        queue.enqueue(action(.chatVisitorTyping, typing: true))
        let newest = action(.chatVisitorTyping, typing: true)
        queue.enqueue(newest)
        #expect(queue.waiting.map(\.id) == [onTheWire.id, queue.waiting[1].id, newest.id])
    }

    @Test func anAnswerFinishesTheActionWithItsErrorFromEitherPlace() {
        var queue = ActionQueue()
        let (a, b, c) = (action(.chatReadByVisitor), action(.chatClose), action(.chatOperatorRateSelect))
        for queued in [a, b, c] { queue.enqueue(queued) }
        #expect(finished(queue.answered(a, error: nil, data: nil)) == ["\(a.id) success"])
        #expect(finished(queue.answered(b, error: WireError.noChat, data: nil)) == ["\(b.id) \(WireError.noChat)"])
        let data = JSONValue.object(["error": .string(WireError.noteIsTooLong)])
        #expect(finished(queue.answered(c, error: nil, data: data)) == ["\(c.id) \(WireError.noteIsTooLong)"])
        #expect(queue.waiting.isEmpty)
    }

    @Test func reinitRequiredKeepsTheActionForTheNextPageAndFatalErrorsEndTheSession() {
        var queue = ActionQueue()
        let queued = action(.chatReadByVisitor)
        queue.enqueue(queued)
        let reinit = queue.answered(queued, error: WireError.reinitRequired, data: nil)
        guard case .dropAuthorization = reinit.first, reinit.count == 1 else {
            Issue.record("reinit-required did not drop the page alone")
            return
        }
        #expect(queue.waiting.count == 1)
        let fatal = queue.answered(queued, error: WireError.visitorBanned, data: nil)
        guard case .fail(WireError.visitorBanned) = fatal.first else {
            Issue.record("a ban did not end the session")
            return
        }
        #expect(queue.waiting.count == 1)
    }

    @Test func anActionGivesUpAfterFiveUnavailableAnswersAndAMessageNever() {
        var queue = ActionQueue()
        let read = action(.chatReadByVisitor)
        queue.enqueue(read)
        let steps = (1...5).map { _ in queue.failed(read, .unavailable("HTTP 502")) }
        #expect(steps[0].count == 1)
        #expect(finished(steps[4]) == ["\(read.id) \(WireError.unknown)"])
        #expect(queue.waiting.isEmpty)
        let message = action(.chatMessage, message: "m1")
        queue.enqueue(message)
        for _ in 1...12 { #expect(finished(queue.failed(message, .unavailable("HTTP 502"))).isEmpty) }
        #expect(queue.waiting.count == 1)
    }

    @Test func aRefusedConnectionIsReportedAndRetriedForEveryKindOfAction() {
        var queue = ActionQueue()
        let read = action(.chatReadByVisitor)
        queue.enqueue(read)
        for _ in 1...10 {
            let steps = queue.failed(read, .noConnection("refused"))
            guard case .report(.noNetworkConnection, _) = steps.first, case .backOff = steps.last else {
                Issue.record("a refused connection was not reported and waited for")
                return
            }
        }
        #expect(queue.waiting.count == 1)
    }

    @Test func endingTheSessionCancelsEveryWaitingAction() {
        var queue = ActionQueue()
        let (a, b) = (action(.chatReadByVisitor), action(.chatMessage, message: "m1"))
        queue.enqueue(a)
        queue.enqueue(b)
        #expect(finished(queue.cancelAll()) == ["\(a.id) canceled", "\(b.id) canceled"])
        #expect(queue.waiting.isEmpty)
    }
}
