import Foundation
import Testing
import WebimWire

@testable import WebimClientLibrary

/// The survey state machine, driven with the SDK-shaped JSON of PROTOCOL.md §4.9, without I/O.
@Suite struct SurveyTrackerTests {
    /// A `SURVEY` delta item as the service sends it: three questions in one form, a fourth in a second form.
    static let surveyDelta = #"""
        {"objectType":"SURVEY","event":"upd","id":"visit-1","data":{"id":"sv1","config":{"id":3,"version":"2","descriptor":{"forms":[{"id":10,"questions":[{"type":"stars","text":"How satisfied are you?"},{"type":"radio","text":"Was it resolved?","options":["Yes","Partly","No"]},{"type":"comment","text":"Anything else?"}]},{"id":11,"questions":[{"type":"comment","text":"One more thing?"}]}]}},"current_question":{"form_id":10,"question_id":0}}}
        """#

    static func survey(fromDelta text: String) throws -> SurveyItem? {
        let item = try WireCoding.makeDecoder().decode(DeltaItem.self, from: Data(text.utf8))
        #expect(item.knownObjectType == .survey)
        return item.data.flatMap { try? WireCoding.decode(SurveyItem.self, from: $0) }
    }

    @Test func surveyObjectAnnouncesTheSurveyAndItsCurrentQuestion() throws {
        let survey = try #require(try Self.survey(fromDelta: Self.surveyDelta))
        var tracker = SurveyTracker()
        let calls = tracker.receive(survey)
        #expect(calls == [.survey(survey), .nextQuestion(survey.config.descriptor.forms[0].questions[0])])
        #expect(tracker.target == .init(surveyID: "sv1", formID: 10, questionID: 0))
        let impl = SurveyImpl(item: survey)
        #expect(impl.getID() == "sv1" && impl.getConfig().getID() == 3 && impl.getConfig().getVersion() == "2")
        let forms = impl.getConfig().getDescriptor().getForms()
        #expect(forms.map { $0.getID() } == [10, 11])
        #expect(forms[0].getQuestions().map { $0.getType() } == [.stars, .radio, .comment])
        #expect(forms[0].getQuestions()[1].getOptions() == ["Yes", "Partly", "No"])
        #expect(forms[0].getQuestions()[0].getOptions() == nil)
        #expect(impl.getCurrentQuestionInfo().getFormID() == 10 && impl.getCurrentQuestionInfo().getQuestionID() == 0)
    }

    @Test func confirmedAnswersMoveThroughTheFormsThenWaitForTheService() throws {
        let survey = try #require(try Self.survey(fromDelta: Self.surveyDelta))
        let questions = survey.config.descriptor.forms.flatMap(\.questions)
        var tracker = SurveyTracker()
        _ = tracker.receive(survey)
        var targets: [SurveyTracker.Target] = []
        var asked: [SurveyTracker.Call] = []
        while let target = tracker.target {
            targets.append(target)
            asked += tracker.answered(target)
        }
        #expect(asked == questions.dropFirst().map { .nextQuestion($0) })
        #expect(targets.map { [$0.formID, $0.questionID] } == [[10, 0], [10, 1], [10, 2], [11, 0]])
        // After the last answer the survey stays until the service's `SURVEY` null ends it.
        #expect(tracker.survey == survey)
        #expect(tracker.receive(nil) == [.cancelled])
        #expect(tracker.survey == nil && tracker.target == nil)
    }

    @Test func nullSurveyCancelsOnlyAnOpenSurvey() throws {
        let cancelled = #"{"objectType":"SURVEY","event":"upd","id":"visit-1","data":null}"#
        #expect(try Self.survey(fromDelta: cancelled) == nil)
        var tracker = SurveyTracker()
        #expect(tracker.receive(nil) == [])
        _ = tracker.receive(try Self.survey(fromDelta: Self.surveyDelta))
        #expect(tracker.receive(try Self.survey(fromDelta: cancelled)) == [.cancelled])
    }

    @Test func staleOrUnknownAnswersAndQuestionsAskNothing() throws {
        var survey = try #require(try Self.survey(fromDelta: Self.surveyDelta))
        var tracker = SurveyTracker()
        _ = tracker.receive(survey)
        // An answer confirmed for a question that is no longer open moves nothing.
        #expect(tracker.answered(.init(surveyID: "sv1", formID: 10, questionID: 2)) == [])
        #expect(tracker.target?.questionID == 0)
        // The service asks the second question: the survey is announced again with it.
        survey.currentQuestion = .init(formId: 10, questionId: 1)
        #expect(
            tracker.receive(survey) == [.survey(survey), .nextQuestion(survey.config.descriptor.forms[0].questions[1])]
        )
        // A current question the survey does not have: announced, but nothing to answer.
        survey.currentQuestion = .init(formId: 99, questionId: 0)
        #expect(tracker.receive(survey) == [.survey(survey)])
        #expect(tracker.target == nil && tracker.survey == survey)
    }
}
