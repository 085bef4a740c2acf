import Foundation
import HTTPAPI
import HTTPTypes
import Hummingbird
import Mustache
import WebimWire

/// The developer preview (several widget configurations side by side, as frames or each on a sample site) and the
/// tester's gallery.
struct PreviewController {
    let templates: MustacheLibrary
    /// nil without `--preview-config`: the query string or the built-in variants are shown.
    let file: PreviewConfigFile?
    let configuration: WidgetConfiguration
    /// The chat service's named states, which the gallery shows.
    let galleryStates: GalleryStates

    /// The routes, at the root.
    var endpoints: RouteCollection<WidgetRequestContext> {
        RouteCollection(context: WidgetRequestContext.self)
            .get("preview", use: preview)
            .get("preview/config", use: config)
            .put("preview/config", use: save)
            .get("preview/site", use: site)
            .get("inspect", use: inspect)
            .get("preview/states", use: states)
    }

    /// Who may frame these pages: this server alone, under its loopback names too (the preview frames its sample
    /// sites, which are this server under its other name). Never the sites of `--embed-origins`: they embed the
    /// widget, not the developer's tools, whose Save writes the developer's file.
    private func frameAncestors(_ context: WidgetRequestContext) -> [String] {
        ["'self'"] + PreviewSite.ownLoopbackOrigins(port: context.listeningPort ?? 0)
    }

    /// What the preview shows and which version of its source that is.
    private struct PreviewState: Encodable {
        var version: String
        var source: String
        var variants: [PreviewVariant]
    }

    /// `variant` parameters win over the file, so a developer can try a configuration without editing it; `set`
    /// names a built-in set of variants instead (`features`).
    private func state(_ request: Request) throws -> PreviewState {
        let queries = FormQuery(request).getAll("variant")
        if !queries.isEmpty {
            do {
                return PreviewState(version: "query", source: "query", variants: try PreviewConfig.fromQuery(queries))
            } catch {
                // The request is at fault here, not the server's file.
                throw APIError(.invalidVariant, error.message, field: "variant")
            }
        }
        if let set = FormQuery(request).get("set") {
            guard set == "features" else { throw APIError(.invalidVariant, "set is features.", field: "set") }
            return PreviewState(version: "built-in", source: "built-in", variants: PreviewConfig.features)
        }
        guard let file else {
            return PreviewState(version: "built-in", source: "built-in", variants: PreviewConfig.builtIn)
        }
        // A broken file is the server's fault: `PreviewConfigError` is answered as a 500 naming it.
        let snapshot = file.current()
        return PreviewState(version: snapshot.version, source: "file", variants: try snapshot.variants.get())
    }

    private func config(_ request: Request, context: WidgetRequestContext) throws -> Response {
        try JSONResponse.make(try state(request))
    }

    private struct PreviewPage {
        struct Frame {
            var index: Int
            var name: String
            var query: String
        }
        struct CoreLogLevel {
            var name: String
            var selected: Bool
        }
        struct Site {
            var name: String
            var snippet: String
            var url: String
        }
        var version: String
        /// `frames` or `site`.
        var view: String
        /// Mustache reads stored properties only.
        var siteView: Bool
        /// The core log's verbosity the frames keep (`off`, or `error` … `verbose`).
        var coreLog: String
        var coreLogLevels: [CoreLogLevel]
        var frames: [Frame]
        var sites: [Site]
    }

    private func preview(_ request: Request, context: WidgetRequestContext) throws -> Response {
        let state = try state(request)
        let view = FormQuery(request).get("view") == "site" ? "site" : "frames"
        let levels = ["off", "error", "warning", "info", "debug", "verbose"]
        let coreLog = FormQuery(request).get("log").flatMap { levels.contains($0) ? $0 : nil } ?? "verbose"
        // Each frame keeps its core log at the chosen verbosity, for the log under it.
        let logQuery = coreLog == "off" ? "" : "&log=\(coreLog)"
        let frames = state.variants.enumerated().map {
            PreviewPage.Frame(index: $0, name: $1.name, query: $1.query + logQuery)
        }
        var sites: [PreviewPage.Site] = []
        let (widgetOrigin, siteOrigin) = origins(of: request, context)
        if view == "site" {
            sites = state.variants.map { variant in
                var query = URLComponents()
                query.queryItems = [
                    URLQueryItem(name: "widget", value: widgetOrigin), URLQueryItem(name: "name", value: variant.name),
                    URLQueryItem(name: "options", value: variant.query),
                ]
                return PreviewPage.Site(
                    name: variant.name,
                    snippet: PreviewSite.snippet(widgetOrigin: widgetOrigin, query: variant.query),
                    url: siteOrigin + "/preview/site" + (query.string ?? "")
                )
            }
        }
        let page = PreviewPage(
            version: state.version,
            view: view,
            siteView: view == "site",
            coreLog: coreLog,
            coreLogLevels: levels.map { PreviewPage.CoreLogLevel(name: $0, selected: $0 == coreLog) },
            frames: frames,
            sites: sites
        )
        let security = PageSecurityHeaders.make(frameAncestors: frameAncestors(context), frameSources: [siteOrigin])
        return try html(page, template: "preview", headers: security)
    }

    /// The widget's origin as the developer reached it, and the sample sites' (its other loopback name).
    private func origins(of request: Request, _ context: WidgetRequestContext) -> (widget: String, site: String) {
        let authority = request.head.authority ?? "127.0.0.1"
        let host = OriginPolicy.host(ofAuthority: authority)
        let port = context.listeningPort.map { ":\($0)" } ?? ""
        let widget = "http://\(authority)"
        guard let other = PreviewSite.otherLoopbackHost(of: host) else { return (widget, widget) }
        return (widget, "http://\(other)\(port)")
    }

    private struct SitePage {
        struct Attribute {
            var name: String
            var value: String
        }
        var name: String
        var stub: String
        var widgetOrigin: String
        var siteOrigin: String
        var attributes: [Attribute]
    }

    /// `GET /preview/site?widget=ORIGIN&name=NAME&options=QUERY`: a sample shop page that embeds the variant.
    private func site(_ request: Request, context: WidgetRequestContext) throws -> Response {
        let query = FormQuery(request)
        // Strictly an origin, and then as written out here: the value goes into the page's policy, where a space
        // would start another source (`*`).
        guard let widget = query.get("widget").flatMap(WebOrigin.init(strict:))?.serialized,
            configuration.originPolicy.allowsOrigin(widget, listeningPort: context.listeningPort ?? 0)
        else {
            throw APIError(.invalidWidget, "widget is an origin this server serves.", field: "widget")
        }
        let options = query.get("options") ?? ""
        let items = URLComponents(string: "?" + options)?.queryItems ?? []
        _ = try WidgetOptions.parse(defaultLocation: configuration.defaultLocation) { name in
            items.first { $0.name == name }?.value
        }
        let name = String((query.get("name") ?? "Preview").prefix(80))
        let page = SitePage(
            name: name,
            stub: PreviewSite.stub,
            widgetOrigin: widget,
            siteOrigin: "http://\(request.head.authority ?? "")",
            attributes: PreviewSite.attributes(ofQuery: options).map {
                SitePage.Attribute(name: $0.name, value: $0.value)
            }
        )
        let headers = PreviewSite.securityHeaders(widgetOrigin: widget, frameAncestors: frameAncestors(context))
        return try html(page, template: "preview-site", headers: headers)
    }

    private struct InspectPage {
        struct Frame {
            var name: String
            var caption: String
            var query: String
        }
        struct Link {
            var name: String
            var caption: String
            var current: Bool
        }
        struct LocaleLink {
            var code: String
            var state: String
            var current: Bool
        }
        var frames: [Frame]
        var states: [Link]
        /// `&locale=…` when one was chosen, for the states' links.
        var localeQuery: String
        /// The locales the state can be shown in, the pseudo-locale among them.
        var locales: [LocaleLink]
        /// The chosen locale's code, or `auto` (the browser's languages).
        var localeShown: String
        var hint: String
    }

    /// The most bytes a saved configuration may have: twelve variants of every option fit in a few KiB.
    static let maximumSavedBytes = 64 * 1024

    private struct Saved: Encodable {
        var version: String
        var variants: Int
    }

    /// The configurator's Save: replaces the `--preview-config` file with the body, once it reads as one (the same
    /// checks as at start-up, no key a configuration does not have), written whole or not at all. Only the developer
    /// at this machine may ask: a request straight from loopback (a page of another origin is refused before, by
    /// `RequestGuard`; one through a proxy, from the LAN or from no browser at all, here), only as JSON, and only
    /// when the server was started with a file.
    private func save(_ request: Request, context: WidgetRequestContext) async throws -> Response {
        guard DirectRequest.isFromThisMachine(request, context: context) else { throw APIError.previewSaveForbidden }
        guard let file else {
            throw APIError(.conflict, "The server was started without --preview-config: download the JSON instead.")
        }
        // 415 for a body that does not say it is JSON, 413 over the limit, as every JSON route of the server answers.
        let data = try await APIJSONDecoder.body(of: request, upTo: Self.maximumSavedBytes, emptyReadsAsObject: false)
        let variants: [PreviewVariant]
        do {
            variants = try PreviewConfig.decode(data, source: "The configuration")
        } catch {
            if let key = error.unknownKey { throw APIError(.unknownField, error.message, field: key) }
            throw APIError(.invalidVariant, error.message, field: "variants")
        }
        guard file.replace(with: data) else {
            throw APIError(.internalError, "\(PreviewConfigFile.answerName) could not be written.")
        }
        return try JSONResponse.make(Saved(version: file.current().version, variants: variants.count))
    }

    private struct StatesAnswer: Encodable {
        var states: [NamedState]
    }

    /// The chat service's named states, for the preview's frames (the page cannot ask the service's origin itself).
    private func states(_ request: Request, context: WidgetRequestContext) async throws -> Response {
        try JSONResponse.make(StatesAnswer(states: try await galleryStates.all()))
    }

    /// A gallery state (`state`, the first without one) in light and dark, left-to-right and right-to-left.
    private func inspect(_ request: Request, context: WidgetRequestContext) async throws -> Response {
        let query = FormQuery(request)
        let states = try await galleryStates.all()
        let asked = query.get("state").flatMap { $0.isEmpty ? nil : $0 }
        guard let state = asked.map({ name in states.first { $0.name == name } }) ?? states.first else {
            let names = states.map(\.name).joined(separator: ", ")
            throw APIError(.invalidVariant, "state is one of \(names).", field: "state")
        }
        // The state in a locale of the tester's choice (the pseudo-locale shows overflow and untranslated strings).
        let choices = WidgetLocales.all + [WidgetLocales.pseudo]
        let locale = query.get("locale").flatMap { $0.isEmpty ? nil : $0 }
        if let locale, !choices.contains(locale) {
            throw APIError(.invalidOption, "locale is one of \(choices.joined(separator: ", ")).", field: "locale")
        }
        let localeQuery = locale.map { "&locale=\($0)" } ?? ""
        let looks = [
            ("light-ltr", "Light, left-to-right", "dark=0&dir=ltr"),
            ("dark-ltr", "Dark, left-to-right", "dark=1&dir=ltr"),
            ("light-rtl", "Light, right-to-left", "dark=0&dir=rtl"),
            ("dark-rtl", "Dark, right-to-left", "dark=1&dir=rtl"),
        ]
        let frames = looks.map { name, caption, look in
            InspectPage.Frame(
                name: "inspect-\(name)",
                caption: caption,
                query: "location=\(state.location)&inspect=1&\(look)\(localeQuery)"
                    + (state.page.map { "&" + $0 } ?? "")
            )
        }
        let links = states.map {
            InspectPage.Link(name: $0.name, caption: $0.caption, current: $0 == state)
        }
        let page = InspectPage(
            frames: frames,
            states: links,
            localeQuery: localeQuery,
            locales: choices.map { InspectPage.LocaleLink(code: $0, state: state.name, current: $0 == locale) },
            localeShown: locale ?? WidgetLocales.automatic,
            hint: [state.summary, state.hint].compactMap { $0 }.joined(separator: " ")
        )
        return try html(
            page,
            template: "inspect",
            headers: PageSecurityHeaders.make(frameAncestors: frameAncestors(context))
        )
    }

    private func html(_ page: Any, template: String, headers security: HTTPFields) throws -> Response {
        let text = try templates.page(page, template: template)
        var headers: HTTPFields = [.contentType: "text/html; charset=utf-8", .cacheControl: "no-store"]
        headers.append(contentsOf: security)
        return Response(
            status: .ok,
            headers: headers,
            body: ResponseBody(byteBuffer: ByteBuffer(string: text))
        )
    }
}
