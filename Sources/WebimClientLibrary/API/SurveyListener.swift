/// Hears about surveys: a new one, the next question, and the end (iOS SDK 3.30+).
public protocol SurveyListener: AnyObject, Sendable {
    /// A survey started, or the service announced it again.
    func on(survey: any Survey)
    /// The question to answer now.
    func on(nextQuestion: any SurveyQuestion)
    /// The survey ended: answered to the end, closed by the visitor, or cancelled by the service.
    func onSurveyCancelled()
}

/// Result of `send(surveyAnswer:completionHandler:)`.
public protocol SendSurveyAnswerCompletionHandler: AnyObject, Sendable {
    func onSuccess()
    func onFailure(error: SendSurveyAnswerError)
}

/// Result of `closeSurvey(completionHandler:)`.
public protocol SurveyCloseCompletionHandler: AnyObject, Sendable {
    func onSuccess()
    func onFailure(error: SurveyCloseError)
}

/// Errors of `send(surveyAnswer:completionHandler:)` (PROTOCOL.md §5.3).
public enum SendSurveyAnswerError: Error, Sendable, Equatable {
    /// `incorrect-radio-value`
    case incorrectRadioValue
    /// `incorrect-stars-value`
    case incorrectStarsValue
    /// `incorrect-survey-id`
    case incorrectSurveyID
    /// `max-comment-length-exceeded` (the SDK's spelling)
    case maxCommentLenghtExceeded
    /// `no-current-survey`; also when no survey is active here
    case noCurrentSurvey
    /// `question-not-found`
    case questionNotFound
    /// `survey_disabled`
    case surveyDisabled
    case unknown
}

/// Errors of `closeSurvey(completionHandler:)` (PROTOCOL.md §5.3).
public enum SurveyCloseError: Error, Sendable, Equatable {
    /// `incorrect-survey-id`
    case incorrectSurveyID
    /// `no-current-survey`; also when no survey is active here
    case noCurrentSurvey
    /// `survey_disabled`
    case surveyDisabled
    case unknown
}
