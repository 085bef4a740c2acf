import HTTPAPI
import Hummingbird

/// The surveys' routes: answer the open question of a survey, or close it; answer the resolution survey ("was your
/// question resolved?") after a rating.
struct SurveyController {
    let registry: TabRegistry

    /// The routes, below `/api/tabs`.
    var endpoints: RouteCollection<WidgetRequestContext> {
        RouteCollection(context: WidgetRequestContext.self)
            .post("{tab}/survey", use: survey)
            .post("{tab}/resolution", use: resolution)
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
            try await tab.surveys.answer(answer, clientID: body.clientId)
        case "close":
            try await tab.surveys.close(clientID: body.clientId)
        default:
            throw APIError(.invalidAction, "action is answer or close.", field: "action")
        }
        return try JSONResponse.make(["clientId": body.clientId], status: .accepted)
    }

    private struct Resolution: Decodable {
        /// The operator the answer is about; absent, the chat's current or last operator.
        var operatorId: String?
        /// 1: resolved, 0: not.
        var answer: Int
        var clientId: String
    }

    private func resolution(_ request: Request, context: WidgetRequestContext) async throws -> Response {
        let tab = try registry.tab(context)
        let body = try await request.decode(as: Resolution.self, context: context)
        guard body.answer == 0 || body.answer == 1 else {
            throw APIError(.invalidResolutionAnswer, "answer is 0 (not resolved) or 1 (resolved).", field: "answer")
        }
        if let id = body.operatorId { try Validation.key(id, field: "operatorId", code: .invalidOperatorID) }
        try Validation.clientID(body.clientId)
        try await tab.surveys.answerResolution(
            operatorID: body.operatorId,
            answer: body.answer,
            clientID: body.clientId
        )
        return try JSONResponse.make(["clientId": body.clientId], status: .accepted)
    }
}
