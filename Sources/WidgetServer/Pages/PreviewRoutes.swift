import Foundation
import HTTPTypes
import Hummingbird
import Mustache

/// The developer preview (several widget configurations side by side) and the tester's gallery.
struct PreviewRoutes {
    let templates: MustacheLibrary
    /// nil without `--preview-config`: the query string or the built-in variants are shown.
    let file: PreviewConfigFile?
    /// `PageSecurityHeaders` for the configured frame ancestors.
    let securityHeaders: HTTPFields

    func add(to router: Router<WidgetRequestContext>, table: RouteTable) {
        table.add(.get, "/preview", on: router) { request, _ in try preview(request) }
        table.add(.get, "/preview/config", on: router) { request, _ in try config(request) }
        table.add(.get, "/inspect", on: router) { _, _ in try inspect() }
    }

    /// What the preview shows and which version of its source that is.
    private struct PreviewState: Encodable {
        var version: String
        var source: String
        var variants: [PreviewVariant]
    }

    /// `variant` parameters win over the file, so a developer can try a configuration without editing it.
    private func state(_ request: Request) throws -> PreviewState {
        let queries = FormQuery(request).getAll("variant")
        if !queries.isEmpty {
            do {
                return PreviewState(version: "query", source: "query", variants: try PreviewConfig.fromQuery(queries))
            } catch {
                throw APIError.badRequest(error.code, error.message, field: "variant")
            }
        }
        guard let file else {
            return PreviewState(version: "built-in", source: "built-in", variants: PreviewConfig.builtIn)
        }
        let snapshot = file.current()
        do {
            return PreviewState(version: snapshot.version, source: "file", variants: try snapshot.variants.get())
        } catch {
            throw error.apiError
        }
    }

    private func config(_ request: Request) throws -> Response {
        try JSONBody.response(try state(request))
    }

    private struct PreviewPage {
        struct Frame {
            var index: Int
            var name: String
            var query: String
        }
        var version: String
        var frames: [Frame]
    }

    private func preview(_ request: Request) throws -> Response {
        let state = try state(request)
        let frames = state.variants.enumerated().map { PreviewPage.Frame(index: $0, name: $1.name, query: $1.query) }
        return try html(PreviewPage(version: state.version, frames: frames), template: "preview")
    }

    private struct InspectPage {
        struct Frame {
            var name: String
            var caption: String
            var query: String
        }
        var frames: [Frame]
    }

    /// The gallery scenario in light and dark, left-to-right and right-to-left.
    private func inspect() throws -> Response {
        let looks =
            [("light-ltr", "Light, left-to-right", "dark=0"), ("dark-ltr", "Dark, left-to-right", "dark=1")]
            + [
                ("light-rtl", "Light, right-to-left", "dark=0&dir=rtl"),
                ("dark-rtl", "Dark, right-to-left", "dark=1&dir=rtl"),
            ]
        let frames = looks.map { name, caption, look in
            InspectPage.Frame(name: "inspect-\(name)", caption: caption, query: "location=gallery&inspect=1&\(look)")
        }
        return try html(InspectPage(frames: frames), template: "inspect")
    }

    private func html(_ page: Any, template: String) throws -> Response {
        let text = try templates.page(page, template: template)
        var headers: HTTPFields = [.contentType: "text/html; charset=utf-8", .cacheControl: "no-store"]
        headers.append(contentsOf: securityHeaders)
        return Response(
            status: .ok,
            headers: headers,
            body: ResponseBody(byteBuffer: ByteBuffer(string: text))
        )
    }
}
