import HTTPAPI
import Hummingbird

/// The survey's route: answer its open question, or close it.
struct SurveyController {
    let registry: TabRegistry

    /// The routes, below `/api/tabs`.
    var endpoints: RouteCollection<WidgetRequestContext> {
        RouteCollection(context: WidgetRequestContext.self)
            .post("{tab}/survey", use: survey)
    }

    private struct Body: Decodable {
        /// `answer` or `close`.
        var action: String
        /// The answer to the open question (only with `answer`).
        var answer: String?
        var clientId: String
    }

    private func survey(_ request: Request, context: WidgetRequestContext) async throws -> Response {
        let tab = try registry.tab(context)
        let body = try await request.decode(as: Body.self, context: context)
        try Validation.clientID(body.clientId)
        switch body.action {
        case "answer":
            guard let answer = body.answer else {
                throw APIError(.invalidSurveyAnswer, "answer is required to answer.", field: "answer")
            }
            try await tab.answerSurvey(answer, clientID: body.clientId)
        case "close":
            try await tab.closeSurvey(clientID: body.clientId)
        default:
            throw APIError(.invalidAction, "action is answer or close.", field: "action")
        }
        return try JSONResponse.make(["clientId": body.clientId], status: .accepted)
    }
}
