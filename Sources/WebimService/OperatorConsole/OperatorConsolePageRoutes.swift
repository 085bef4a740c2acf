import Foundation
import HTTPTypes
import Hummingbird
import Logging

/// The console page: `GET /operator` is the folder's `index.html`, `GET /operator/static/…` the files beside it, and
/// `GET /operator/shared/…` the page kit it shares with the widget (`Public/shared/`).
///
/// The page kit is the `shared` folder beside the console's: the console's modules import it by relative URL
/// (`shared/events.js` two folders up from `/operator/static/js/`), which leads to `/operator/shared/` here as it leads to
/// `Public/shared/` on disk. Each folder is served by Hummingbird's `FileMiddleware`, which refuses `..` and never
/// leaves its root; only requests under its prefix reach it, so every other unknown path keeps its JSON 404.
struct OperatorConsolePageRoutes {
    /// The folder holding `index.html`, `css/` and `js/`.
    let directory: URL

    static let pagePath = "/operator"
    static let staticPrefix = "/operator/static"
    static let sharedPrefix = "/operator/shared"

    /// The page loads only its own scripts, styles, images and API: no inline code, nothing from elsewhere.
    static let contentSecurityPolicy =
        "default-src 'self'; img-src 'self' data: blob:; object-src 'none'; base-uri 'none'; "
        + "form-action 'self'; frame-ancestors 'none'"

    /// What every HTML document of the service gets unless it sets its own (`DocumentPolicyMiddleware`): the page's
    /// policy, so that `/operator/static/index.html`, the same page under its file name, is no more frameable than
    /// `/operator`. No page of the service is meant to be framed, so `X-Frame-Options` would add nothing that
    /// `frame-ancestors 'none'` does not say to every browser that runs the console.
    static let documentHeaders: HTTPFields = [
        .contentSecurityPolicy: contentSecurityPolicy,
        HTTPField.Name("X-Content-Type-Options")!: "nosniff",
    ]

    /// The page kit's folder: `shared` beside the console's.
    var sharedDirectory: URL {
        directory.deletingLastPathComponent().appendingPathComponent("shared")
    }

    /// Adds the folders and the page, the page behind `door`.
    func add(to router: Router<ServiceRequestContext>, door: ConsolePageDoorMiddleware, logger: Logger) {
        for (folder, prefix) in [(directory, Self.staticPrefix), (sharedDirectory, Self.sharedPrefix)] {
            let files = FileMiddleware<ServiceRequestContext, LocalFileSystem>(
                folder.path,
                urlBasePath: prefix,
                cacheControl: CacheControl([(MediaType(type: .any), [.noCache])]),
                logger: logger
            )
            router.add(middleware: PathPrefixMiddleware(prefix: prefix + "/", wrapped: files))
        }
        let index = directory.appendingPathComponent("index.html").path
        router.group().add(middleware: door).get(RouterPath(Self.pagePath)) { _, context in
            Response(
                status: .ok,
                headers: [
                    .contentType: "text/html; charset=utf-8",
                    .cacheControl: "no-cache",
                    .contentSecurityPolicy: Self.contentSecurityPolicy,
                    .init("X-Content-Type-Options")!: "nosniff",
                ],
                body: try await FileIO().loadFile(path: index, context: context)
            )
        }
    }
}

/// Runs `wrapped` only for requests whose path starts with `prefix`; the rest go straight on.
struct PathPrefixMiddleware<Wrapped: RouterMiddleware>: RouterMiddleware {
    typealias Context = Wrapped.Context

    let prefix: String
    let wrapped: Wrapped

    func handle(
        _ request: Request,
        context: Context,
        next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        guard request.uri.path.hasPrefix(prefix) else { return try await next(request, context) }
        return try await wrapped.handle(request, context: context, next: next)
    }
}
