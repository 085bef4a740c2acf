import Foundation
import HTTPAPI
import HTTPTypes
import Hummingbird
import NIOCore

/// The operator console's door: every `/operator/api` route needs the console token, as `Authorization: Bearer` (a
/// script) or as the cookie the page gets; `/operator?token=…`, the link the server prints, trades the token for that
/// cookie, as Jupyter does. The cookie is `HttpOnly` and `SameSite=Strict`: no other site's page can use it.
///
/// The page's own scripts and styles (`/operator/static/`) and the page kit's (`/operator/shared/`) hold nothing
/// secret and stay open.
struct ConsoleAccessMiddleware: RouterMiddleware {
    typealias Context = ServiceRequestContext

    /// The secret (`ServiceConfiguration.consoleToken`).
    let token: String

    static let cookieName = "webim_console"

    func handle(
        _ request: Request,
        context: Context,
        next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        let path = request.uri.path
        if path == OperatorConsolePageRoutes.pagePath || path == OperatorConsolePageRoutes.pagePath + "/" {
            return try await page(request, context: context, next: next)
        }
        guard path.hasPrefix(OperatorConsoleController.prefix + "/") || path == OperatorConsoleController.prefix else {
            return try await next(request, context)
        }
        guard isAuthorized(request) else {
            throw APIError(
                .unauthorized,
                "The operator console needs its token: open the console link the server printed."
            )
        }
        return try await next(request, context)
    }

    /// The page: with a valid `?token=` it sets the cookie and reloads without the token in the address; with the
    /// cookie it is served; otherwise it says how to get in.
    private func page(
        _ request: Request,
        context: Context,
        next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        if let given = request.uri.queryParameters.get("token") {
            guard !token.isEmpty, SecretFile.matches(given, token) else { return Self.refusal(status: .forbidden) }
            var response = Response(
                status: .seeOther,
                headers: [.location: OperatorConsolePageRoutes.pagePath, .cacheControl: "no-store"]
            )
            response.setCookie(
                Cookie(
                    name: Self.cookieName,
                    value: token,
                    path: OperatorConsolePageRoutes.pagePath,
                    httpOnly: true,
                    sameSite: .strict
                )
            )
            return response
        }
        guard isAuthorized(request) else { return Self.refusal(status: .unauthorized) }
        return try await next(request, context)
    }

    private func isAuthorized(_ request: Request) -> Bool {
        // No token configured opens nothing: an empty secret would match an empty header.
        guard !token.isEmpty else { return false }
        if let header = request.headers[.authorization], header.lowercased().hasPrefix("bearer ") {
            return SecretFile.matches(String(header.dropFirst("bearer ".count)), token)
        }
        guard let cookie = request.cookies[Self.cookieName] else { return false }
        return SecretFile.matches(cookie.value, token)
    }

    /// A short page for a person who opened the console without a valid link.
    private static func refusal(status: HTTPResponse.Status) -> Response {
        let html = """
            <!doctype html><html lang="en"><head><meta charset="utf-8"><title>Operator console</title></head>
            <body><main><h1>Operator console</h1><p>This console needs the link the server printed when it started
            (it ends with <code>?token=…</code>). The token is also in the file <code>console-token</code> of the
            service's data folder.</p></main></body></html>
            """
        return Response(
            status: status,
            headers: [
                .contentType: "text/html; charset=utf-8", .cacheControl: "no-store",
                .contentSecurityPolicy: "default-src 'none'; frame-ancestors 'none'",
            ],
            body: ResponseBody(byteBuffer: ByteBuffer(string: html))
        )
    }
}
