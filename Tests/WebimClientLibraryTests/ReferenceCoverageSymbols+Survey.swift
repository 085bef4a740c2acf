import WebimClientLibrary

extension ReferenceCoverageSymbols {
    /// Surveys: the stream's calls, the listener, the handlers, the errors and the survey's parts.
    mutating func addSurvey() {
        add(
            "MessageStream.send(surveyAnswer:completionHandler:)",
            { (messageStream: any MessageStream) in messageStream.send(surveyAnswer:completionHandler:) }
        )
        add(
            "MessageStream.send(surveyAnswer:)",
            { (messageStream: any MessageStream) in messageStream.send(surveyAnswer:) }
        )
        add(
            "MessageStream.closeSurvey(completionHandler:)",
            { (messageStream: any MessageStream) in messageStream.closeSurvey(completionHandler:) }
        )
        add(
            "MessageStream.set(surveyListener:)",
            { (messageStream: any MessageStream) in messageStream.set(surveyListener:) }
        )
        add(
            "MessageStream.closeSurvey()",
            { (messageStream: any MessageStream) in messageStream.closeSurvey as () async throws -> Void }
        )
        add("SurveyListener", (any SurveyListener).self)
        add(
            "SurveyListener.on(survey:)",
            { (surveyListener: any SurveyListener) in surveyListener.on(survey:) }
        )
        add(
            "SurveyListener.on(nextQuestion:)",
            { (surveyListener: any SurveyListener) in surveyListener.on(nextQuestion:) }
        )
        add(
            "SurveyListener.onSurveyCancelled()",
            { (surveyListener: any SurveyListener) in surveyListener.onSurveyCancelled }
        )
        add("SendSurveyAnswerCompletionHandler", (any SendSurveyAnswerCompletionHandler).self)
        add(
            "SendSurveyAnswerCompletionHandler.onSuccess()",
            { (sendSurveyAnswerCompletionHandler: any SendSurveyAnswerCompletionHandler) in
                sendSurveyAnswerCompletionHandler.onSuccess
            }
        )
        add(
            "SendSurveyAnswerCompletionHandler.onFailure(error:)",
            { (sendSurveyAnswerCompletionHandler: any SendSurveyAnswerCompletionHandler) in
                sendSurveyAnswerCompletionHandler.onFailure(error:)
            }
        )
        add("SurveyCloseCompletionHandler", (any SurveyCloseCompletionHandler).self)
        add(
            "SurveyCloseCompletionHandler.onSuccess()",
            { (surveyCloseCompletionHandler: any SurveyCloseCompletionHandler) in surveyCloseCompletionHandler.onSuccess
            }
        )
        add(
            "SurveyCloseCompletionHandler.onFailure(error:)",
            { (surveyCloseCompletionHandler: any SurveyCloseCompletionHandler) in
                surveyCloseCompletionHandler.onFailure(error:)
            }
        )
        add("SendSurveyAnswerError", SendSurveyAnswerError.self)
        add("SendSurveyAnswerError.incorrectRadioValue", SendSurveyAnswerError.incorrectRadioValue)
        add("SendSurveyAnswerError.incorrectStarsValue", SendSurveyAnswerError.incorrectStarsValue)
        add("SendSurveyAnswerError.incorrectSurveyID", SendSurveyAnswerError.incorrectSurveyID)
        add("SendSurveyAnswerError.maxCommentLenghtExceeded", SendSurveyAnswerError.maxCommentLenghtExceeded)
        add("SendSurveyAnswerError.noCurrentSurvey", SendSurveyAnswerError.noCurrentSurvey)
        add("SendSurveyAnswerError.questionNotFound", SendSurveyAnswerError.questionNotFound)
        add("SendSurveyAnswerError.surveyDisabled", SendSurveyAnswerError.surveyDisabled)
        add("SendSurveyAnswerError.unknown", SendSurveyAnswerError.unknown)
        add("SurveyCloseError", SurveyCloseError.self)
        add("SurveyCloseError.incorrectSurveyID", SurveyCloseError.incorrectSurveyID)
        add("SurveyCloseError.noCurrentSurvey", SurveyCloseError.noCurrentSurvey)
        add("SurveyCloseError.surveyDisabled", SurveyCloseError.surveyDisabled)
        add("SurveyCloseError.unknown", SurveyCloseError.unknown)
        add("Survey", (any Survey).self)
        add(
            "Survey.getConfig()",
            { (survey: any Survey) in survey.getConfig }
        )
        add(
            "Survey.getID()",
            { (survey: any Survey) in survey.getID }
        )
        add(
            "Survey.getCurrentQuestionInfo()",
            { (survey: any Survey) in survey.getCurrentQuestionInfo }
        )
        add("SurveyConfig", (any SurveyConfig).self)
        add(
            "SurveyConfig.getID()",
            { (surveyConfig: any SurveyConfig) in surveyConfig.getID }
        )
        add(
            "SurveyConfig.getDescriptor()",
            { (surveyConfig: any SurveyConfig) in surveyConfig.getDescriptor }
        )
        add(
            "SurveyConfig.getVersion()",
            { (surveyConfig: any SurveyConfig) in surveyConfig.getVersion }
        )
        add("SurveyDescriptor", (any SurveyDescriptor).self)
        add(
            "SurveyDescriptor.getForms()",
            { (surveyDescriptor: any SurveyDescriptor) in surveyDescriptor.getForms }
        )
        add("SurveyForm", (any SurveyForm).self)
        add(
            "SurveyForm.getID()",
            { (surveyForm: any SurveyForm) in surveyForm.getID }
        )
        add(
            "SurveyForm.getQuestions()",
            { (surveyForm: any SurveyForm) in surveyForm.getQuestions }
        )
        add("SurveyQuestion", (any SurveyQuestion).self)
        add(
            "SurveyQuestion.getType()",
            { (surveyQuestion: any SurveyQuestion) in surveyQuestion.getType }
        )
        add(
            "SurveyQuestion.getText()",
            { (surveyQuestion: any SurveyQuestion) in surveyQuestion.getText }
        )
        add(
            "SurveyQuestion.getOptions()",
            { (surveyQuestion: any SurveyQuestion) in surveyQuestion.getOptions }
        )
        add("SurveyCurrentQuestionInfo", (any SurveyCurrentQuestionInfo).self)
        add(
            "SurveyCurrentQuestionInfo.getFormID()",
            { (surveyCurrentQuestionInfo: any SurveyCurrentQuestionInfo) in surveyCurrentQuestionInfo.getFormID }
        )
        add(
            "SurveyCurrentQuestionInfo.getQuestionID()",
            { (surveyCurrentQuestionInfo: any SurveyCurrentQuestionInfo) in surveyCurrentQuestionInfo.getQuestionID }
        )
        add("SurveyType", SurveyType.self)
        add("SurveyType.stars", SurveyType.stars)
        add("SurveyType.radio", SurveyType.radio)
        add("SurveyType.comment", SurveyType.comment)
    }
}
