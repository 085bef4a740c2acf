import HTTPAPI
import WebimClientLibrary

/// The page's answers to the survey's open question, and closing the survey.
struct TabSurveyActions: Sendable {
    let tab: TabSession

    /// Longest comment answer: the embedded service's limit (Webim's is not published).
    static let maximumSurveyCommentLength = 1_000

    /// Answers the open question, once per `clientID`. The answer must fit the question the page was shown: stars
    /// `1`…`5`, a radio option's 1-based index, a comment of at most `maximumSurveyCommentLength` characters.
    func answer(_ answer: String, clientID: String) async throws {
        try await tab.perform { tab in
            try tab.once(clientID: clientID) { handler in
                guard let survey = tab.events.survey else { throw APIError(.noSurvey, "There is no survey open.") }
                try Self.validate(answer: answer, to: survey.question)
                try tab.requireStream().send(surveyAnswer: answer, completionHandler: handler)
                return survey.id
            }
        }
    }

    /// Closes the open survey, once per `clientID`.
    func close(clientID: String) async throws {
        try await tab.perform { tab in
            try tab.once(clientID: clientID) { handler in
                guard let survey = tab.events.survey else { throw APIError(.noSurvey, "There is no survey open.") }
                try tab.requireStream().closeSurvey(completionHandler: handler)
                return survey.id
            }
        }
    }

    /// Answers the resolution survey about `operatorID` (else the current operator), once per `clientID`.
    func answerResolution(operatorID: String?, answer: Int, clientID: String) async throws {
        try await tab.perform { tab in
            try tab.once(clientID: clientID) { handler in
                let stream = try tab.requireStream()
                guard let operatorID = operatorID ?? stream.getCurrentOperator()?.getID() else {
                    throw APIError(.noOperator, "There is no operator to answer about.")
                }
                try stream.sendResolutionSurvey(id: operatorID, answer: answer, completionHandler: handler)
                return operatorID
            }
        }
    }

    private static func validate(answer: String, to question: WidgetSurvey.Question) throws {
        switch question.type {
        case SurveyType.stars.contractName:
            guard let stars = Int(answer), (1...5).contains(stars) else {
                throw APIError(.invalidSurveyAnswer, "answer is 1 to 5 stars.", field: "answer")
            }
        case SurveyType.radio.contractName:
            guard let option = Int(answer), (1...max(question.options.count, 1)).contains(option) else {
                throw APIError(
                    .invalidSurveyAnswer,
                    "answer is an option's number, 1 to \(question.options.count).",
                    field: "answer"
                )
            }
        default:
            guard answer.count <= maximumSurveyCommentLength else {
                throw APIError(
                    .invalidSurveyAnswer,
                    "answer is at most \(maximumSurveyCommentLength) characters.",
                    field: "answer"
                )
            }
        }
    }
}
