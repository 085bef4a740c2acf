import HTTPAPI
import Hummingbird

/// `GET /api/widget-options`: every widget option with what it takes and its default (`WidgetOptionCatalog`), for
/// the preview's configurator and for anyone writing a configuration by hand. Nothing in it is secret.
struct WidgetOptionsController {
    let defaultLocation: String

    var endpoints: RouteCollection<WidgetRequestContext> {
        RouteCollection(context: WidgetRequestContext.self)
            .get(use: options)
    }

    private struct Answer: Encodable {
        var options: [WidgetOptionSpec]
    }

    private func options(_ request: Request, context: WidgetRequestContext) throws -> Response {
        try JSONResponse.make(Answer(options: WidgetOptionCatalog.resolved(defaultLocation: defaultLocation)))
    }
}
