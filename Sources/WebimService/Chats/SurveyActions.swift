import Foundation
import WebimWire

/// The visitor's answers to a survey the operator started (PROTOCOL.md §4.9, §5.2): which answer fits the current
/// question, what the next question is, and when the survey ends.
struct SurveyActions: Sendable {
    let library: ScenarioLibrary
    let changes: VisitorChanges
    let triggers: ScenarioTriggers

    /// Longest accepted comment answer.
    static let maximumCommentLength = 1_000

    /// `survey.answer`: one answer.
    func answer(visitor: VisitorRecord, _ answered: VisitorAction.SurveyAnswer) async throws {
        let surveysOn = library.location(visitor.location).flag(LocationConfigResponse.Key.surveys)
        let (surveyID, formID, questionID, answer) =
            (answered.surveyID, answered.formID, answered.questionID, answered.answer)
        let finished = try await changes.commit(visitorID: visitor.id) { change -> Bool in
            guard surveysOn else { throw ProtocolFailure(WireError.surveyDisabled) }
            guard var survey = try change.currentSurvey() else { throw ProtocolFailure(WireError.noCurrentSurvey) }
            guard survey.id == surveyID else { throw ProtocolFailure(WireError.incorrectSurveyID) }
            let item = try survey.wireItem()
            let forms = item.config.descriptor.forms
            guard let formIndex = forms.firstIndex(where: { $0.id == formID }), formID == survey.formId,
                questionID == survey.questionIndex, let questionID,
                forms[formIndex].questions.indices.contains(questionID)
            else { throw ProtocolFailure(WireError.questionNotFound) }
            try Self.validate(answer: answer, to: forms[formIndex].questions[questionID])
            var answers = (try? WireCoding.makeDecoder().decode([String].self, from: Data(survey.answers.utf8))) ?? []
            answers.append(answer)
            survey.answers = try MessageRecord.jsonText(answers)
            if questionID + 1 < forms[formIndex].questions.count {
                survey.questionIndex = questionID + 1
            } else if formIndex + 1 < forms.count {
                survey.formId = forms[formIndex + 1].id
                survey.questionIndex = 0
            } else {
                survey.finished = true
                try change.append(.survey, data: .null)
            }
            try change.save(survey: survey)
            return survey.finished
        }
        if finished { triggers.send(visitor, .surveyFinished) }
    }

    /// `survey.cancel` (and `survey.answer` with only `survey-id`): SURVEY null.
    func cancel(visitor: VisitorRecord, surveyID: String) async throws {
        try await changes.commit(visitorID: visitor.id) { change in
            guard var survey = try change.currentSurvey() else { throw ProtocolFailure(WireError.noCurrentSurvey) }
            guard survey.id == surveyID else { throw ProtocolFailure(WireError.incorrectSurveyID) }
            survey.finished = true
            try change.save(survey: survey)
            try change.append(.survey, data: .null)
        }
        triggers.send(visitor, .surveyFinished)
    }

    private static func validate(answer: String, to question: SurveyItem.Question) throws {
        switch question.kind {
        case .stars:
            guard let stars = Int(answer), (1...5).contains(stars) else {
                throw ProtocolFailure(WireError.incorrectStarsValue)
            }
        case .radio:
            guard let index = Int(answer), index >= 1, index <= question.options?.count ?? 0 else {
                throw ProtocolFailure(WireError.incorrectRadioValue)
            }
        case .comment, nil:
            guard answer.count <= maximumCommentLength else {
                throw ProtocolFailure(WireError.maxCommentLengthExceeded)
            }
        }
    }
}
