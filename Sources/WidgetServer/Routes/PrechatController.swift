import HTTPAPI
import Hummingbird
import WebimClientLibrary

/// `GET /api/locations/{location}/prechat`: the location's pre-chat form (`PrechatForm`), read from its config
/// (PROTOCOL.md §9). A location's, not a tab's: the page asks before the visitor's chat starts, and every visitor
/// of a location is asked the same; one request per minute and location reaches the service.
struct PrechatController {
    let locations: WebimLocationClient
    let cache = LocationCache<PrechatForm?>(lifetime: .seconds(60))

    /// The route, below `/api/locations`.
    var endpoints: RouteCollection<WidgetRequestContext> {
        RouteCollection(context: WidgetRequestContext.self)
            .get("{location}/prechat", use: prechat)
    }

    /// `{"form": null}` when the location asks for no form, or when the service does not answer.
    private struct Answer: Encodable {
        var form: PrechatForm?

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(form, forKey: .form)
        }

        private enum CodingKeys: String, CodingKey {
            case form = "form"
        }
    }

    private func prechat(_ request: Request, context: WidgetRequestContext) async throws -> Response {
        let location = context.parameters.get("location") ?? ""
        try Validation.key(location, field: "location", code: .invalidLocation)
        let form = await cache.value(location: location) { await fetchForm(location: location) }
        return try JSONResponse.make(Answer(form: form))
    }

    /// The form in the location's config; nil when it has none or cannot be read.
    private func fetchForm(location: String) async -> PrechatForm? {
        (try? await locations.config(location: location)).flatMap(PrechatForm.init(config:))
    }
}
