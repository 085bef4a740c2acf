import HTTPAPI
import Hummingbird

/// Suggested questions as the visitor types, when the location offers hints.
struct HintsController {
    let registry: TabRegistry

    /// The routes, below `/api/tabs`.
    var endpoints: RouteCollection<WidgetRequestContext> {
        RouteCollection(context: WidgetRequestContext.self)
            .post("{tab}/hints", use: hints)
    }

    private struct Body: Decodable {
        var text: String
    }

    private struct Answer: Encodable {
        var suggestions: [String]
    }

    private func hints(_ request: Request, context: WidgetRequestContext) async throws -> Response {
        let tab = try registry.tab(context)
        let body = try await request.decode(as: Body.self, context: context)
        guard body.text.count <= TabHints.maximumHintTextLength else {
            throw APIError(
                .hintTextTooLong,
                "text is at most \(TabHints.maximumHintTextLength) characters.",
                field: "text"
            )
        }
        return try JSONResponse.make(Answer(suggestions: try await tab.hints.suggestions(for: body.text)))
    }
}
