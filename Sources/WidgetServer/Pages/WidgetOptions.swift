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
    /// `system`, `sans`, `serif`, `rounded` or `mono`.
    var font: String
    /// The base text size in pixels; nil: the theme's.
    var fontSize: Int?
    /// The bubbles' corner radius in pixels; nil: the theme's.
    var radius: Int?
    /// `#rrggbb`; nil: the accent.
    var visitorBubble: String?
    /// `#rrggbb`; nil: the theme's.
    var operatorBubble: String?
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

    /// The names `parse` reads, in the order the README documents them.
    static let names = WidgetOptionCatalog.all.map(\.name)

    static let palettes = WidgetOptionCatalog.palettes
    static let launchers = WidgetOptionCatalog.launchers

    /// Reads and checks the options by their rules in `WidgetOptionCatalog`; `value(name)` gives a parameter's raw
    /// value.
    static func parse(defaultLocation: String, _ value: (String) -> String?) throws -> WidgetOptions {
        func text(_ name: String) throws -> String? {
            try Self.text(value(name), name, atMost: WidgetOptionCatalog.spec(named: name).maxLength ?? 0)
        }
        func choice(_ name: String) throws -> String {
            try Self.choice(value(name), name, of: WidgetOptionCatalog.spec(named: name).values ?? [])
        }
        func optionalChoice(_ name: String) throws -> String? {
            try Self.optionalChoice(value(name), name, of: WidgetOptionCatalog.spec(named: name).values ?? [])
        }
        func number(_ name: String) throws -> Int? {
            let option = WidgetOptionCatalog.spec(named: name)
            return try Self.number(value(name), name, in: (option.minimum ?? 0)...(option.maximum ?? 0))
        }
        func flag(_ name: String) throws -> Bool? {
            let given = try Self.flag(value(name), name)
            guard case .bool(let standard)? = WidgetOptionCatalog.spec(named: name).defaultValue else { return given }
            return given ?? standard
        }
        return WidgetOptions(
            title: try text("title"),
            subtitle: try text("subtitle"),
            icon: try icon(value("icon")),
            palette: try choice("palette"),
            accent: try colour(value("accent"), "accent"),
            font: try choice("font"),
            fontSize: try number("fontSize"),
            radius: try number("radius"),
            visitorBubble: try colour(value("visitorBubble"), "visitorBubble"),
            operatorBubble: try colour(value("operatorBubble"), "operatorBubble"),
            placeholder: try text("placeholder"),
            prefill: try text("prefill"),
            invitation: try text("invitation"),
            offline: try text("offline"),
            locale: try choice("locale"),
            dark: try flag("dark"),
            dir: try optionalChoice("dir"),
            position: try choice("position"),
            launcher: try choice("launcher"),
            open: try flag("open") ?? false,
            location: try location(value("location")) ?? defaultLocation,
            inspect: try flag("inspect") ?? false,
            consent: try choice("consent"),
            persist: try choice("persist"),
            notifications: try choice("notifications"),
            log: try optionalChoice("log")
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

    /// A whole number in `range`, or nil when absent or empty.
    private static func number(_ value: String?, _ field: String, in range: ClosedRange<Int>) throws -> Int? {
        guard let value, !value.isEmpty else { return nil }
        guard value.count <= 3, let number = Int(value), range.contains(number) else {
            throw invalid(field, "\(field) is a whole number from \(range.lowerBound) to \(range.upperBound).")
        }
        return number
    }

    /// `#rgb` or `#rrggbb` (the `#` may be left out), normalised to lower-case `#rrggbb`.
    private static func colour(_ value: String?, _ field: String) throws -> String? {
        guard let value, !value.isEmpty else { return nil }
        let hex = value.hasPrefix("#") ? String(value.dropFirst()) : value
        guard [3, 6].contains(hex.count), hex.allSatisfy(\.isHexDigit) else {
            throw invalid(field, "\(field) is a colour like #1c64f2 or #16a.")
        }
        let long = hex.count == 3 ? hex.map { "\($0)\($0)" }.joined() : hex
        return "#" + long.lowercased()
    }

    /// An image the page may load: http(s) anywhere, or a path on this server.
    private static func icon(_ value: String?) throws -> String {
        guard let value, !value.isEmpty else {
            guard case .string(let standard)? = WidgetOptionCatalog.spec(named: "icon").defaultValue else { return "" }
            return standard
        }
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

    /// The options as JSON, for the page's `data-config` attribute: every value, defaults filled in, since the page
    /// keeps no defaults of its own (an unset text or choice is left out).
    func json() -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(self) else { return "{}" }
        return String(decoding: data, as: UTF8.self)
    }

    /// The names of the options whose values differ from `plain`'s (what a page without a query string has), for
    /// the page's `data-options-set`: it loads the module that applies them only when one does.
    func names(differingFrom plain: WidgetOptions) -> [String] {
        let encoder = JSONEncoder()
        guard
            case .object(let fields)? = try? JSONDecoder().decode(WebimWire.JSONValue.self, from: encoder.encode(self)),
            case .object(let plainFields)? = try? JSONDecoder().decode(
                WebimWire.JSONValue.self,
                from: encoder.encode(plain)
            )
        else { return [] }
        return Self.names.filter { fields[$0] != plainFields[$0] }
    }
}
