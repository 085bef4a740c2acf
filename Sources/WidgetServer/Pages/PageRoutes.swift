import AsyncHTTPClient
import Foundation
import Hummingbird
import Mustache
import NIOHTTP1

/// The widget page and the liveness check.
struct PageRoutes {
    let templates: MustacheLibrary
    let registry: TabRegistry
    let configuration: WidgetConfiguration

    func add(to router: Router<BasicRequestContext>) {
        router.get("/") { request, _ in try renderWidget(request) }
        router.get("/healthz") { _, _ in try await health() }
    }

    /// The page's settings, from the query string; mustache escapes them into the HTML.
    private struct WidgetPage {
        var title: String
        var location: String
        var locale: String
        var mode: String
    }

    private func renderWidget(_ request: Request) throws -> Response {
        let query = request.uri.queryParameters
        let page = WidgetPage(
            title: query.get("title").map { String($0.prefix(80)) } ?? "Chat",
            location: query.get("location") ?? configuration.defaultLocation,
            locale: query.get("locale") ?? "en",
            mode: query.get("mode") ?? "widget"
        )
        guard let html = templates.render(page, withTemplate: "index") else {
            throw APIError(
                status: .internalServerError,
                code: "template_missing",
                message: "The page template is missing."
            )
        }
        return Response(
            status: .ok,
            headers: [.contentType: "text/html; charset=utf-8", .cacheControl: "no-cache"],
            body: ResponseBody(byteBuffer: ByteBuffer(string: html))
        )
    }

    private struct Health: Encodable {
        var status: String
        var service: String
        var tabs: Int
    }

    /// Liveness, and whether the chat service answers.
    private func health() async throws -> Response {
        let request = HTTPClientRequest(url: configuration.accountURL + "/api/visitor/v1/configs/default?jsonp=false")
        let reachable = (try? await HTTPClient.shared.execute(request, timeout: .seconds(2)))?.status == .ok
        return try JSONBody.response(
            Health(status: "ok", service: reachable ? "reachable" : "unreachable", tabs: registry.count)
        )
    }
}
