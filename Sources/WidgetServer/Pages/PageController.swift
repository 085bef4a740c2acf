import Foundation
import HTTPAPI
import HTTPTypes
import Hummingbird
import Mustache
import NIOHTTP1

/// The widget page.
struct PageController {
    let templates: MustacheLibrary
    let configuration: WidgetConfiguration

    /// The routes, at the root.
    var endpoints: RouteCollection<WidgetRequestContext> {
        RouteCollection(context: WidgetRequestContext.self)
            .get(use: renderWidget)
    }

    /// The page's settings, from the query string; mustache escapes them into the HTML.
    private struct WidgetPage {
        var title: String
        var location: String
        var locale: String
        var mode: String
        /// Only on kiosk pages.
        var kiosk: KioskPage?
        /// Whether the page has the paperclip (a file picker): not on a kiosk, unless `--kiosk-uploads`.
        var attach: Bool
        /// The checked `WidgetOptions`, every value, as JSON, read by `Public/js/main.js`.
        var config: String
        /// The names of the options that differ from a plain page's, space-separated.
        var optionsSet: String
        /// Only on embedded pages: the origin of the site that framed the page, when it may embed the widget; the
        /// page takes commands from it alone and tells only it what happens (`Public/js/embedded.js`).
        var embedHost: String?
    }

    private func renderWidget(_ request: Request, context: WidgetRequestContext) throws -> Response {
        let ownOrigins = PreviewSite.ownLoopbackOrigins(port: context.listeningPort ?? 0)
        let query = FormQuery(request)
        let options = try WidgetOptions.parse(defaultLocation: configuration.defaultLocation) { query.get($0) }
        let plain = try WidgetOptions.parse(defaultLocation: configuration.defaultLocation) { _ in nil }
        let mode = KioskPage.mode(query: query.get("mode"), configuration: configuration.kiosk)
        let page = WidgetPage(
            title: options.title ?? "Chat",
            location: options.location,
            locale: Self.firstPaintLocale(options.locale, acceptLanguage: request.headers[.acceptLanguage]),
            mode: mode,
            kiosk: mode == "kiosk" ? try KioskPage(query: query, configuration: configuration.kiosk) : nil,
            attach: mode != "kiosk" || configuration.kiosk.uploads,
            config: options.json(),
            optionsSet: options.names(differingFrom: plain).joined(separator: " "),
            embedHost: mode == "embedded" ? embedHost(query.get("host"), ownOrigins: ownOrigins) : nil
        )
        let html = try templates.page(page, template: "index")
        let etag = StaticFileCache.etag(of: Array(html.utf8))
        // `no-store` keeps the page out of the back/forward cache, where it would hold its event stream open: a
        // browser opens six connections to a host at most, so six pages left that way stop the seventh loading.
        var headers: HTTPFields = [.contentType: "text/html; charset=utf-8", .cacheControl: "no-store", .eTag: etag]
        headers.append(contentsOf: PageSecurityHeaders.make(frameAncestors: configuration.frameAncestors + ownOrigins))
        if StaticFileController.matches(request.headers[.ifNoneMatch], etag: etag) {
            return Response(status: .notModified, headers: headers)
        }
        headers[.contentLength] = String(html.utf8.count)
        return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(string: html)))
    }

    /// The page's language before its script runs: the option's, or for `auto` the best for `Accept-Language`
    /// (the page then chooses for `navigator.languages`, which says the same in a browser); English for the
    /// pseudo-locale, which only the script draws.
    private static func firstPaintLocale(_ option: String, acceptLanguage: String?) -> String {
        switch option {
        case WidgetLocales.automatic: WidgetLocales.best(of: WidgetLocales.preferences(acceptLanguage: acceptLanguage))
        case WidgetLocales.pseudo: "en"
        default: option
        }
    }

    /// The `host` parameter if it names a site allowed to embed the widget (one of `--embed-origins`, or this server
    /// under a loopback name: the preview's sample sites), else nil: a page framed by anyone else (which CSP
    /// `frame-ancestors` stops anyway) must never post what happens in the chat to its parent.
    private func embedHost(_ host: String?, ownOrigins: [String]) -> String? {
        guard let origin = host.flatMap(OriginPolicy.normalizedOrigin) else { return nil }
        return configuration.embedOrigins.contains(origin) || ownOrigins.contains(origin) ? origin : nil
    }
}
