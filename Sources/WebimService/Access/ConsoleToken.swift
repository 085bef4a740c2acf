import HTTPAPI
import Hummingbird
import WebimWire

/// The operator console's secret and how a request shows it: as `Authorization: Bearer` (a script) or as the cookie
/// the console page gets (`ConsolePageDoorMiddleware`).
struct ConsoleToken: Sendable {
    /// The secret (`ServiceConfiguration.consoleToken`).
    let value: String

    static let cookieName = "webim_console"

    /// Whether `request` carries the token.
    func authorizes(_ request: Request) -> Bool {
        // No token configured opens nothing: an empty secret would match an empty header.
        guard !value.isEmpty else { return false }
        if let given = BearerToken.of(request.headers[.authorization]) { return RandomToken.matches(given, value) }
        guard let cookie = request.cookies[Self.cookieName] else { return false }
        return RandomToken.matches(cookie.value, value)
    }
}
