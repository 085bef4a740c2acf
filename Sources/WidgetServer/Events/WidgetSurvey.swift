import WebimClientLibrary

/// The `survey` event's survey: the open question and where it stands among all of the survey's questions.
struct WidgetSurvey: Encodable, Sendable, Equatable {
    /// One question, as the page shows it.
    struct Question: Encodable, Sendable, Equatable {
        /// The form's id.
        var formId: Int
        /// The 0-based index within the form.
        var id: Int
        /// `stars`, `radio` or `comment`.
        var type: String
        var text: String
        /// A radio question's options (answered by 1-based index); empty for the other types.
        var options: [String]
    }

    var id: String
    var question: Question
    /// The 0-based position of `question` among all of the survey's questions.
    var questionIndex: Int
    var questionCount: Int
}

/// A survey as `SurveyListener` told it: its questions in asking order, and which one comes next.
struct SurveyProgress: Sendable {
    let id: String
    let questions: [WidgetSurvey.Question]
    /// The question the next `on(nextQuestion:)` opens.
    var next: Int

    init(_ survey: any Survey) {
        id = survey.getID()
        questions = survey.getConfig().getDescriptor().getForms().flatMap { form in
            form.getQuestions().enumerated().map { index, question in
                WidgetSurvey.Question(
                    formId: form.getID(),
                    id: index,
                    type: question.getType().contractName,
                    text: question.getText(),
                    options: question.getOptions() ?? []
                )
            }
        }
        let current = survey.getCurrentQuestionInfo()
        next =
            questions.firstIndex { $0.formId == current.getFormID() && $0.id == current.getQuestionID() }
            ?? questions.count
    }

    /// The survey at its next question, and the progress after it; nil when no question is left.
    func opened() -> (WidgetSurvey, SurveyProgress)? {
        guard questions.indices.contains(next) else { return nil }
        var after = self
        after.next += 1
        return (
            WidgetSurvey(id: id, question: questions[next], questionIndex: next, questionCount: questions.count), after
        )
    }
}
