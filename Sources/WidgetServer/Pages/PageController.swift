import Foundation
import HTTPAPI
import HTTPTypes
import Hummingbird
import Mustache
import NIOHTTP1

/// The widget page.
struct PageController {
    /// The page's templates in each locale: the first paint already speaks the visitor's language.
    let templates: LocalizedTemplates
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
        /// The page's language, as `<html lang>` says it.
        var locale: String
        /// `rtl` or `ltr`: the page's direction from its first paint.
        var direction: String
        /// The connection banner's first words; the script's `ConnectionStatus` words it from then on.
        var connecting: String
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
        // As the script chooses (`readConfig`): a kiosk by its own languages, first one first; a browser by its own.
        let wanted =
            mode == "kiosk"
            ? configuration.kiosk.languages
            : WidgetLocales.preferences(acceptLanguage: request.headers[.acceptLanguage])
        let locale = Self.firstPaintLocale(options.locale, wanted: wanted)
        let page = WidgetPage(
            title: options.title ?? templates.string("title", in: locale) ?? "Chat",
            location: options.location,
            locale: locale == WidgetLocales.pseudo ? "en" : locale,
            direction: options.dir ?? PageStrings.direction(of: locale),
            connecting: templates.string("connecting", in: locale) ?? "Connecting…",
            mode: mode,
            kiosk: mode == "kiosk" ? try KioskPage(query: query, configuration: configuration.kiosk) : nil,
            attach: mode != "kiosk" || configuration.kiosk.uploads,
            config: options.json(),
            optionsSet: options.names(differingFrom: plain).joined(separator: " "),
            embedHost: mode == "embedded" ? embedHost(query.get("host"), ownOrigins: ownOrigins) : nil
        )
        let html = try templates.templates(in: locale).page(page, template: "index")
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

    /// The page's language before its script runs: the option's, or for `auto` the best of `wanted` (a browser's
    /// `Accept-Language`, which says what the script's `navigator.languages` says). The pseudo-locale's page is drawn
    /// in it and says it is English.
    private static func firstPaintLocale(_ option: String, wanted: [String]) -> String {
        option == WidgetLocales.automatic ? WidgetLocales.best(of: wanted) : option
    }

    /// The `host` parameter if it names a site allowed to embed the widget (one of `--embed-origins`, or this server
    /// under a loopback name: the preview's sample sites), else nil: a page framed by anyone else (which CSP
    /// `frame-ancestors` stops anyway) must never post what happens in the chat to its parent.
    private func embedHost(_ host: String?, ownOrigins: [String]) -> String? {
        guard let origin = host.flatMap(OriginPolicy.normalizedOrigin) else { return nil }
        return configuration.embedOrigins.contains(origin) || ownOrigins.contains(origin) ? origin : nil
    }
}
