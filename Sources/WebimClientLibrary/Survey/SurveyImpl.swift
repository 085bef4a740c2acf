import WebimWire

/// The public survey, read from the wire's survey object (PROTOCOL.md §4.9).
struct SurveyImpl: Survey, SurveyCurrentQuestionInfo {
    let item: SurveyItem

    func getConfig() -> any SurveyConfig { SurveyConfigImpl(config: item.config) }
    func getID() -> String { item.id }
    func getCurrentQuestionInfo() -> any SurveyCurrentQuestionInfo { self }
    func getFormID() -> Int { item.currentQuestion.formId }
    func getQuestionID() -> Int { item.currentQuestion.questionId }
}

/// A survey's definition.
struct SurveyConfigImpl: SurveyConfig, SurveyDescriptor {
    let config: SurveyItem.Config

    func getID() -> Int { config.id }
    func getDescriptor() -> any SurveyDescriptor { self }
    func getVersion() -> String { config.version ?? "" }
    func getForms() -> [any SurveyForm] { config.descriptor.forms.map(SurveyFormImpl.init) }
}

/// A form of a survey.
struct SurveyFormImpl: SurveyForm {
    let form: SurveyItem.Form

    func getID() -> Int { form.id }
    func getQuestions() -> [any SurveyQuestion] { form.questions.map(SurveyQuestionImpl.init) }
}

/// A question of a survey; an unknown type reads as a comment, which any text answers.
struct SurveyQuestionImpl: SurveyQuestion {
    let question: SurveyItem.Question

    func getType() -> SurveyType {
        switch question.kind {
        case .stars: .stars
        case .radio: .radio
        case .comment, nil: .comment
        }
    }
    func getText() -> String { question.text }
    func getOptions() -> [String]? { question.kind == .radio ? question.options ?? [] : question.options }
}
