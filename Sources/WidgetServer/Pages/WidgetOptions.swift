import Foundation
import HTTPAPI
import WebimWire

/// The widget page's look and wording, from the query string of `GET /` (or a preview variant).
///
/// Every value is checked here, so the page can trust what it is given: a bad value is a 400 naming
/// the option (`invalid_option`), never silently replaced, because a silent default hides a typo in a
/// configuration. Parameters that are not options are left to others (`mode`, `theme`, …).
struct WidgetOptions: Encodable, Equatable, Sendable {
    var title: String?
    var subtitle: String?
    /// `default`, `hidden`, or an image URL (http(s), or a path on this server).
    var icon: String
    /// `blue`, `green` or `graphite`.
    var palette: String
    /// A custom accent colour, `#rrggbb`; wins over the palette's.
    var accent: String?
    var placeholder: String?
    var prefill: String?
    /// The active invitation: shown to a visitor with an empty chat once the stream is live.
    var invitation: String?
    /// Shown after the visitor's message while no operator is online (the locale's default when empty).
    var offline: String?
    /// `auto` (the default): the browser's languages choose; else one of `WidgetLocales.all`, or `qps`.
    var locale: String
    /// nil follows the system's colour scheme.
    var dark: Bool?
    /// nil: the locale's direction.
    var dir: String?
    var position: String
    var launcher: String
    /// A floating launcher's panel starts open.
    var open: Bool
    var location: String
    /// The gallery's raw-JSON toggles (`GET /inspect` sets it).
    var inspect: Bool
    /// `required`: nothing is created or stored for the visitor before they (or the host page) consent.
    var consent: String
    /// Where the visitor is kept: `site` (every browser tab and later visit of the site is one conversation, for the
    /// data's retention) or `tab` (one browser tab's life). A kiosk page keeps it per tab whatever this says.
    var persist: String
    /// When to ask for the browser's permission to notify (Jivo's moments): `never`, `onOpen`, `onSend`.
    var notifications: String
    /// The client core's log verbosity for the developer preview (`verbose` … `error`); nil: none.
    var log: String?

    /// The names `fromQuery` reads, in the order the README documents them.
    static let names = [
        "title", "subtitle", "icon", "palette", "accent", "placeholder", "prefill", "invitation", "offline",
        "locale", "dark", "dir", "position", "launcher", "open", "location", "inspect", "consent", "persist",
        "notifications", "log",
    ]

    static let palettes = ["blue", "green", "graphite"]
    static let launchers = ["inline", "floating", "fullscreen"]

    /// Reads and checks the options; `value(name)` gives a parameter's raw value.
    static func parse(defaultLocation: String, _ value: (String) -> String?) throws -> WidgetOptions {
        WidgetOptions(
            title: try text(value("title"), "title", atMost: 80),
            subtitle: try text(value("subtitle"), "subtitle", atMost: 120),
            icon: try icon(value("icon")),
            palette: try choice(value("palette"), "palette", of: palettes),
            accent: try accent(value("accent")),
            placeholder: try text(value("placeholder"), "placeholder", atMost: 100),
            prefill: try text(value("prefill"), "prefill", atMost: 1000),
            invitation: try text(value("invitation"), "invitation", atMost: 500),
            offline: try text(value("offline"), "offline", atMost: 500),
            locale: try choice(
                value("locale"),
                "locale",
                of: [WidgetLocales.automatic] + WidgetLocales.all + [WidgetLocales.pseudo]
            ),
            dark: try flag(value("dark"), "dark"),
            dir: try optionalChoice(value("dir"), "dir", of: ["ltr", "rtl"]),
            position: try choice(value("position"), "position", of: ["right", "left"]),
            launcher: try choice(value("launcher"), "launcher", of: launchers),
            open: try flag(value("open"), "open") ?? false,
            location: try location(value("location")) ?? defaultLocation,
            inspect: try flag(value("inspect"), "inspect") ?? false,
            consent: try choice(value("consent"), "consent", of: ["implied", "required"]),
            persist: try choice(value("persist"), "persist", of: ["site", "tab"]),
            notifications: try choice(value("notifications"), "notifications", of: ["never", "onOpen", "onSend"]),
            log: try optionalChoice(value("log"), "log", of: ["verbose", "debug", "info", "warning", "error"])
        )
    }

    private static func invalid(_ field: String, _ message: String) -> APIError {
        APIError(.invalidOption, message, field: field)
    }

    /// Free text: empty means unset; control characters (other than a new line) are refused.
    private static func text(_ value: String?, _ field: String, atMost maximum: Int) throws -> String? {
        guard let value, !value.isEmpty else { return nil }
        guard value.count <= maximum else { throw invalid(field, "\(field) is at most \(maximum) characters.") }
        guard value.unicodeScalars.allSatisfy({ $0 == "\n" || !CharacterSet.controlCharacters.contains($0) }) else {
            throw invalid(field, "\(field) must not contain control characters.")
        }
        return value
    }

    /// One of `choices`; absent or empty means the first.
    private static func choice(_ value: String?, _ field: String, of choices: [String]) throws -> String {
        guard let value, !value.isEmpty else { return choices[0] }
        guard choices.contains(value) else {
            throw invalid(field, "\(field) is one of \(choices.joined(separator: ", ")).")
        }
        return value
    }

    /// One of `choices`, or nil when absent or empty.
    private static func optionalChoice(_ value: String?, _ field: String, of choices: [String]) throws -> String? {
        guard let value, !value.isEmpty else { return nil }
        return try choice(value, field, of: choices)
    }

    private static func flag(_ value: String?, _ field: String) throws -> Bool? {
        switch value {
        case nil, "": nil
        case "1", "true": true
        case "0", "false": false
        default: throw invalid(field, "\(field) is 1 or 0 (true or false).")
        }
    }

    /// `#rgb` or `#rrggbb` (the `#` may be left out), normalised to lower-case `#rrggbb`.
    private static func accent(_ value: String?) throws -> String? {
        guard let value, !value.isEmpty else { return nil }
        let hex = value.hasPrefix("#") ? String(value.dropFirst()) : value
        guard [3, 6].contains(hex.count), hex.allSatisfy(\.isHexDigit) else {
            throw invalid("accent", "accent is a colour like #1c64f2 or #16a.")
        }
        let long = hex.count == 3 ? hex.map { "\($0)\($0)" }.joined() : hex
        return "#" + long.lowercased()
    }

    /// An image the page may load: http(s) anywhere, or a path on this server.
    private static func icon(_ value: String?) throws -> String {
        guard let value, !value.isEmpty else { return "default" }
        if value == "default" || value == "hidden" { return value }
        let sameOrigin = value.hasPrefix("/") && !value.hasPrefix("//")
        let remote = URL(string: value).map { ["http", "https"].contains($0.scheme) && $0.host != nil } ?? false
        guard value.count <= 2048, sameOrigin || remote else {
            throw invalid("icon", "icon is default, hidden, an http(s) URL or a path on this server.")
        }
        return value
    }

    private static func location(_ value: String?) throws -> String? {
        guard let value, !value.isEmpty else { return nil }
        guard Validation.isToken(value, length: 1...64) else {
            throw invalid("location", "location is 1–64 letters, digits, '-' or '_'.")
        }
        return value
    }

    /// The options as JSON, for the page's `data-config` attribute: only those that differ from `plain`
    /// (what a page without a query string has), since the page fills in the rest itself (main.js's
    /// `DEFAULT_OPTIONS`). A plain page carries `{}`.
    func json(differingFrom plain: WidgetOptions) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        guard
            case .object(let fields)? = try? JSONDecoder().decode(WebimWire.JSONValue.self, from: encoder.encode(self)),
            case .object(let plainFields)? = try? JSONDecoder().decode(
                WebimWire.JSONValue.self,
                from: encoder.encode(plain)
            ),
            let data = try? encoder.encode(
                WebimWire.JSONValue.object(fields.filter { plainFields[$0.key] != $0.value })
            )
        else { return "{}" }
        return String(decoding: data, as: UTF8.self)
    }
}
