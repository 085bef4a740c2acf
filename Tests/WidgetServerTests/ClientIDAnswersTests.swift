import Testing

@testable import WidgetServer

/// The answers a tab keeps for retried actions: bounded, oldest forgotten first.
@Suite struct ClientIDAnswersTests {
    @Test func aRememberedAnswerIsFoundAgain() {
        var answers = ClientIDAnswers()
        #expect(answers.answer(forClientID: "c1") == nil)
        answers.remember(answer: "m1", forClientID: "c1")
        #expect(answers.answer(forClientID: "c1") == "m1")
    }

    @Test func beyondTheCapacityTheOldestIsForgotten() {
        var answers = ClientIDAnswers()
        for number in 0...ClientIDAnswers.capacity { answers.remember(answer: "m\(number)", forClientID: "c\(number)") }
        #expect(answers.answer(forClientID: "c0") == nil)
        #expect(answers.answer(forClientID: "c1") == "m1")
        #expect(answers.answer(forClientID: "c\(ClientIDAnswers.capacity)") == "m\(ClientIDAnswers.capacity)")
    }

    @Test func aKnownClientIDKeepsItsPlaceInLine() {
        var answers = ClientIDAnswers()
        answers.remember(answer: "first", forClientID: "c0")
        answers.remember(answer: "again", forClientID: "c0")
        #expect(answers.answer(forClientID: "c0") == "again")
        for number in 1..<ClientIDAnswers.capacity { answers.remember(answer: "m", forClientID: "c\(number)") }
        #expect(answers.answer(forClientID: "c0") == "again")
        // Remembered twice but queued once: the next new id pushes it out.
        answers.remember(answer: "m", forClientID: "newest")
        #expect(answers.answer(forClientID: "c0") == nil)
    }
}
