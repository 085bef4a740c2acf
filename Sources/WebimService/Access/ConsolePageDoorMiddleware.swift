import Foundation
import HTTPAPI
import HTTPTypes
import Hummingbird
import NIOCore

/// The console page's door, set on its route (`OperatorConsolePageRoutes`): `/operator?token=…`, the link the server
/// prints, trades the token for a cookie, as Jupyter does, and reloads without it (keeping the page's own `locale`
/// and `theme`); with the cookie the page is served; otherwise it says how to get in. The cookie is `HttpOnly` and
/// `SameSite=Strict`: no other site's page can use it.
///
/// The page's own scripts and styles (`/operator/static/`) and the page kit's (`/operator/shared/`) hold nothing
/// secret and stay open; the API has its own door (`ConsoleTokenMiddleware`).
struct ConsolePageDoorMiddleware: RouterMiddleware {
    typealias Context = ServiceRequestContext

    let token: ConsoleToken

    func handle(
        _ request: Request,
        context: Context,
        next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        if let given = request.uri.queryParameters.get("token") {
            guard !token.value.isEmpty, RandomToken.matches(given, token.value) else {
                return Self.refusal(status: .forbidden)
            }
            var response = Response(
                status: .seeOther,
                headers: [.location: Self.pageAddress(keepingFrom: request), .cacheControl: "no-store"]
            )
            response.setCookie(
                Cookie(
                    name: ConsoleToken.cookieName,
                    value: token.value,
                    path: OperatorConsolePageRoutes.pagePath,
                    httpOnly: true,
                    sameSite: .strict
                )
            )
            return response
        }
        guard token.authorizes(request) else { return Self.refusal(status: .unauthorized) }
        return try await next(request, context)
    }

    /// The console page's parameters a printed link may carry besides its token.
    static let keptParameters = ["locale", "theme"]

    /// The page's address with the link's own parameters but the token, so `?token=…&locale=ru` opens in Russian.
    static func pageAddress(keepingFrom request: Request) -> String {
        let kept = keptParameters.compactMap { name -> String? in
            guard let value = request.uri.queryParameters.get(name) else { return nil }
            return "\(name)=\(value.addingPercentEncoding(withAllowedCharacters: unreservedCharacters) ?? "")"
        }
        let path = OperatorConsolePageRoutes.pagePath
        return kept.isEmpty ? path : path + "?" + kept.joined(separator: "&")
    }

    /// RFC 3986's unreserved characters: every other one is percent-encoded, `&` and `=` among them.
    private static let unreservedCharacters = CharacterSet(
        charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~"
    )

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
