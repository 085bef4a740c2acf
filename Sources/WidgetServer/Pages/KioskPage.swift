import HTTPAPI
import Hummingbird

/// What a kiosk page needs to know, rendered onto `<body>` as `data-kiosk-*` attributes.
struct KioskPage {
    /// Seconds without input before the countdown.
    var idle: Int
    /// Seconds the countdown shows before the reset.
    var countdown: Int
    /// Space-separated hosts whose links stay usable.
    var allowedHosts: String
    /// `auto`, `onscreen` or `off`.
    var keyboard: String
    /// Space-separated language codes, the kiosk's first.
    var languages: String

    /// The page's mode: the configuration's forced kiosk wins over the query; unknown modes are a plain widget.
    static func mode(query: String?, configuration: KioskConfiguration) -> String {
        if configuration.forced { return "kiosk" }
        switch query {
        case "kiosk", "embedded": return query ?? "widget"
        default: return "widget"
        }
    }

    /// The configured timings; `idle=` and `countdown=` in the query may shorten them (tests use short ones) but
    /// never lengthen them: a kiosk link must not be able to switch the reset off. `keyboard=` chooses the on-screen
    /// keyboard's mode; an unknown one is a 400 naming it, as every page option's is.
    init(query: FormQuery, configuration: KioskConfiguration) throws {
        let configuredIdle = Self.wholeSeconds(configuration.idleTimeout)
        let configuredCountdown = Self.wholeSeconds(configuration.countdown)
        idle = min(Self.seconds(query.get("idle")) ?? configuredIdle, configuredIdle)
        countdown = min(Self.seconds(query.get("countdown")) ?? configuredCountdown, configuredCountdown)
        allowedHosts = configuration.allowedHosts.joined(separator: " ")
        languages = configuration.languages.joined(separator: " ")
        switch query.get("keyboard") {
        case nil, "": keyboard = configuration.keyboard.rawValue
        case let value? where KioskKeyboard(rawValue: value) != nil: keyboard = value
        default:
            let choices = KioskKeyboard.allCases.map(\.rawValue).joined(separator: ", ")
            throw APIError(.invalidOption, "keyboard is one of \(choices).", field: "keyboard")
        }
    }

    /// A whole number of seconds from 1 to a day; anything else is ignored.
    private static func seconds(_ text: String?) -> Int? {
        guard let text, let value = Int(text), (1...86_400).contains(value) else { return nil }
        return value
    }

    private static func wholeSeconds(_ duration: Duration) -> Int {
        max(1, Int(duration.components.seconds))
    }
}
