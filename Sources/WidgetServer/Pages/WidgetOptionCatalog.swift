import WebimWire

/// Every widget option once: its name, what it takes, its value on a page that sets none, and a sentence for a
/// developer. `WidgetOptions.parse` checks a page's query against it, the page gets every value from it (it keeps no
/// defaults of its own), and `GET /api/widget-options` gives it to the preview's configurator.
struct WidgetOptionSpec: Encodable, Equatable, Sendable {
    /// What an option takes.
    enum Kind: String, Encodable, Sendable {
        /// Free text up to `maxLength` characters; empty means unset.
        case text
        /// One of `values`.
        case choice
        /// `1` or `0` (`true` or `false`).
        case flag
        /// A colour, `#rrggbb` (or `#rgb`).
        case colour
        /// `default`, `hidden`, an http(s) URL or a path on this server.
        case image
        /// A location's name: 1–64 letters, digits, `-` or `_`.
        case location
        /// A whole number from `minimum` to `maximum`.
        case number
    }

    let name: String
    let kind: Kind
    /// A choice's values, the first of them the default unless `defaultValue` says otherwise.
    let values: [String]?
    let maxLength: Int?
    /// A number's range.
    var minimum: Int? = nil
    var maximum: Int? = nil
    /// The value on a page that sets none, as the page receives it; nil: unset (the page decides, as `summary` says).
    let defaultValue: WebimWire.JSONValue?
    let summary: String

    enum CodingKeys: String, CodingKey {
        case name
        case kind
        case values
        case maxLength = "max_length"
        case minimum
        case maximum
        case defaultValue = "default"
        case summary
    }
}

/// The widget's options, in the order the README documents them.
enum WidgetOptionCatalog {
    static let palettes = ["blue", "green", "graphite"]
    static let launchers = ["inline", "floating", "fullscreen"]

    /// All options; `location`'s default is the server's `--default-location` (see `resolved(defaultLocation:)`).
    static let all: [WidgetOptionSpec] = [
        text("title", 80, "The chat's name in its header (\"Chat\" when unset)."),
        text("subtitle", 120, "A line under the title."),
        spec(
            "icon",
            .image,
            default: .string("default"),
            "The header's picture: default, hidden, or an image's address."
        ),
        choice("palette", palettes, "The accent colours, light and dark."),
        spec("accent", .colour, "An accent colour of the site's own; wins over the palette's."),
        choice(
            "font",
            ["system", "sans", "serif", "rounded", "mono"],
            "The typeface family: the system's, or a kind."
        ),
        number("fontSize", 12...24, "The base text size in pixels (15 when unset)."),
        number("radius", 0...24, "The bubbles' corner radius in pixels (16 when unset)."),
        spec("visitorBubble", .colour, "The visitor's bubble colour (the accent when unset)."),
        spec("operatorBubble", .colour, "The operator's bubble colour (the theme's when unset)."),
        text("placeholder", 100, "The composer's hint (the locale's when unset)."),
        text("prefill", 1000, "Text already in the composer."),
        text("invitation", 500, "A greeting shown to a visitor with an empty chat."),
        text("offline", 500, "What a visitor reads after writing while no operator is online."),
        choice(
            "locale",
            [WidgetLocales.automatic] + WidgetLocales.all + [WidgetLocales.pseudo],
            "The language: auto follows the browser's; qps is the testers' pseudo-locale."
        ),
        spec("dark", .flag, "The dark theme on (1) or off (0); unset follows the system's colour scheme."),
        optionalChoice("dir", ["ltr", "rtl"], "The writing direction; unset follows the language."),
        choice("position", ["right", "left"], "The side a floating launcher sits on."),
        choice("launcher", launchers, "Inline in the page, a floating button, or the whole window."),
        spec("open", .flag, default: .bool(false), "A floating launcher's panel starts open."),
        spec("location", .location, "The chat service's location (the server's --default-location when unset)."),
        spec("inspect", .flag, default: .bool(false), "The gallery's raw-JSON toggles."),
        choice("consent", ["implied", "required"], "required: nothing is stored before the visitor agrees."),
        choice("persist", ["site", "tab"], "One conversation across the site's tabs and visits, or one per tab."),
        choice("notifications", ["never", "onOpen", "onSend"], "When to ask the browser's leave to notify."),
        optionalChoice(
            "log",
            ["verbose", "debug", "info", "warning", "error"],
            "The client core's log level in the developer preview; unset logs nothing."
        ),
    ]

    /// The option called `name`; a name not in the catalog is a programming error.
    static func spec(named name: String) -> WidgetOptionSpec {
        guard let found = all.first(where: { $0.name == name }) else { preconditionFailure("no option \(name)") }
        return found
    }

    /// The catalog with `location`'s default filled in, as the configurator receives it.
    static func resolved(defaultLocation: String) -> [WidgetOptionSpec] {
        all.map { option in
            guard option.kind == .location else { return option }
            return WidgetOptionSpec(
                name: option.name,
                kind: option.kind,
                values: nil,
                maxLength: nil,
                defaultValue: .string(defaultLocation),
                summary: option.summary
            )
        }
    }

    private static func text(_ name: String, _ maxLength: Int, _ summary: String) -> WidgetOptionSpec {
        WidgetOptionSpec(
            name: name,
            kind: .text,
            values: nil,
            maxLength: maxLength,
            defaultValue: nil,
            summary: summary
        )
    }

    private static func choice(_ name: String, _ values: [String], _ summary: String) -> WidgetOptionSpec {
        WidgetOptionSpec(
            name: name,
            kind: .choice,
            values: values,
            maxLength: nil,
            defaultValue: .string(values[0]),
            summary: summary
        )
    }

    private static func number(_ name: String, _ range: ClosedRange<Int>, _ summary: String) -> WidgetOptionSpec {
        var option = WidgetOptionSpec(
            name: name,
            kind: .number,
            values: nil,
            maxLength: nil,
            defaultValue: nil,
            summary: summary
        )
        option.minimum = range.lowerBound
        option.maximum = range.upperBound
        return option
    }

    private static func optionalChoice(_ name: String, _ values: [String], _ summary: String) -> WidgetOptionSpec {
        WidgetOptionSpec(name: name, kind: .choice, values: values, maxLength: nil, defaultValue: nil, summary: summary)
    }

    private static func spec(
        _ name: String,
        _ kind: WidgetOptionSpec.Kind,
        default value: WebimWire.JSONValue? = nil,
        _ summary: String
    ) -> WidgetOptionSpec {
        WidgetOptionSpec(name: name, kind: kind, values: nil, maxLength: nil, defaultValue: value, summary: summary)
    }
}
