import WebimWire

/// The active survey and the question the visitor answers now (PROTOCOL.md §3.4 `SURVEY`, §4.9, §5.2 `survey.*`).
///
/// A state machine: the owner feeds it the full update's survey, each `SURVEY` delta and each confirmed answer, and
/// makes the `SurveyListener` calls it returns, in order. As the SDK does, a survey object announces the survey and
/// its current question; a confirmed answer moves to the next question here, without waiting for the service;
/// after the last answer nothing is called until the service's `SURVEY` null ends the survey.
struct SurveyTracker: Sendable {
    /// A `SurveyListener` call.
    enum Call: Sendable, Equatable {
        /// `on(survey:)`
        case survey(SurveyItem)
        /// `on(nextQuestion:)`
        case nextQuestion(SurveyItem.Question)
        /// `onSurveyCancelled()`
        case cancelled
    }

    /// Where an answer to the current question goes: `survey-id`, `form-id`, `question-id`.
    struct Target: Sendable, Equatable {
        var surveyID: String
        var formID: Int
        var questionID: Int
    }

    private enum State: Sendable {
        case idle
        /// A question is open: form and question are indices into the survey's forms.
        case asking(SurveyItem, form: Int, question: Int)
        /// A survey with no question left to ask here: answered to the end, or pointing at no known question.
        case waiting(SurveyItem)
    }

    private var state = State.idle

    /// The survey, while one is active.
    var survey: SurveyItem? {
        switch state {
        case .idle: nil
        case .asking(let survey, _, _), .waiting(let survey): survey
        }
    }

    /// Where an answer goes now; nil when no question is open.
    var target: Target? {
        guard case .asking(let survey, let form, let question) = state else { return nil }
        return Target(surveyID: survey.id, formID: survey.config.descriptor.forms[form].id, questionID: question)
    }

    /// A full update's `survey` (absent = none) or a `SURVEY` delta's data (null = cancelled).
    mutating func receive(_ survey: SurveyItem?) -> [Call] {
        guard let survey else {
            guard self.survey != nil else { return [] }
            state = .idle
            return [.cancelled]
        }
        let forms = survey.config.descriptor.forms
        let current = survey.currentQuestion
        guard let form = forms.firstIndex(where: { $0.id == current.formId }),
            forms[form].questions.indices.contains(current.questionId)
        else {
            state = .waiting(survey)
            return [.survey(survey)]
        }
        state = .asking(survey, form: form, question: current.questionId)
        return [.survey(survey), .nextQuestion(forms[form].questions[current.questionId])]
    }

    /// The service accepted the answer sent to `target`: the next question, if the survey has one.
    mutating func answered(_ answered: Target) -> [Call] {
        guard case .asking(let survey, let form, let question) = state, target == answered else { return [] }
        let forms = survey.config.descriptor.forms
        if question + 1 < forms[form].questions.count {
            state = .asking(survey, form: form, question: question + 1)
            return [.nextQuestion(forms[form].questions[question + 1])]
        }
        if let next = forms.indices.dropFirst(form + 1).first(where: { !forms[$0].questions.isEmpty }) {
            state = .asking(survey, form: next, question: 0)
            return [.nextQuestion(forms[next].questions[0])]
        }
        state = .waiting(survey)
        return []
    }
}

extension StreamListeners {
    /// Makes the survey listener's calls, in order.
    func deliver(_ calls: [SurveyTracker.Call]) {
        guard let listener = survey else { return }
        for call in calls {
            switch call {
            case .survey(let item): listener.on(survey: SurveyImpl(item: item))
            case .nextQuestion(let question): listener.on(nextQuestion: SurveyQuestionImpl(question: question))
            case .cancelled: listener.onSurveyCancelled()
            }
        }
    }
}
