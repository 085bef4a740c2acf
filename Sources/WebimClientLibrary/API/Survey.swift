/// A survey the operator started (iOS SDK 3.30+; PROTOCOL.md §4.9).
public protocol Survey: Sendable {
    /// The survey's definition.
    func getConfig() -> any SurveyConfig
    /// The survey's id.
    func getID() -> String
    /// The question the service asks next.
    func getCurrentQuestionInfo() -> any SurveyCurrentQuestionInfo
}

/// A survey's definition.
public protocol SurveyConfig: Sendable {
    /// The definition's id.
    func getID() -> Int
    /// The forms, in order.
    func getDescriptor() -> any SurveyDescriptor
    /// The definition's version.
    func getVersion() -> String
}

/// The forms of a survey.
public protocol SurveyDescriptor: Sendable {
    /// The forms, asked in order.
    func getForms() -> [any SurveyForm]
}

/// A form: questions asked in order.
public protocol SurveyForm: Sendable {
    /// The form's id (the `form-id` of an answer).
    func getID() -> Int
    /// The form's questions.
    func getQuestions() -> [any SurveyQuestion]
}

/// One question of a survey.
public protocol SurveyQuestion: Sendable {
    /// How the visitor answers.
    func getType() -> SurveyType
    /// The question.
    func getText() -> String
    /// The options of a radio question; nil for the other types.
    func getOptions() -> [String]?
}

/// Where a survey stands: the form and the 0-based question the service asks next.
public protocol SurveyCurrentQuestionInfo: Sendable {
    /// The form's id.
    func getFormID() -> Int
    /// The 0-based index of the question within the form.
    func getQuestionID() -> Int
}

/// How a survey question is answered (PROTOCOL.md §8.4).
public enum SurveyType: Sendable, Equatable {
    /// One to five stars: the answer is `"1"`…`"5"`.
    case stars
    /// One of the options: the answer is its 1-based index.
    case radio
    /// Free text.
    case comment
}
