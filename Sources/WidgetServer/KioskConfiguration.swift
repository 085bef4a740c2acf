/// The shared touch-screen mode: whether every page is a kiosk, and its idle reset.
public struct KioskConfiguration: Sendable, Equatable {
    /// Every page is a kiosk page, whatever its query string says.
    public var forced: Bool
    /// How long without input before the reset countdown starts.
    public var idleTimeout: Duration
    /// How long the countdown shows before the chat is reset for the next visitor.
    public var countdown: Duration
    /// Hosts whose links stay usable in kiosk mode (exact names, lowercase); every other link is inert.
    public var allowedHosts: [String]
    /// Kiosk pages offer the paperclip and kiosk tabs take files (`--kiosk-uploads`). Off by default: a file picker
    /// is the operating system's dialog, from which a passer-by browses the kiosk account's files.
    public var uploads: Bool
    /// When the page's own on-screen keyboard shows (`--kiosk-keyboard`; a page's `keyboard=` overrides it).
    public var keyboard: KioskKeyboard
    /// The kiosk's languages, first the one a new visitor starts in: the attract screen offers those the page speaks,
    /// the on-screen keyboard has a layout for each (English's where a language needs an input method).
    public var languages: [String]

    /// Defaults: kiosk only on `?mode=kiosk`, 90 s idle, then a 15 s countdown, no link allowed, no uploads, the
    /// keyboard on a touch, English and Russian.
    public init(
        forced: Bool = false,
        idleTimeout: Duration = .seconds(90),
        countdown: Duration = .seconds(15),
        allowedHosts: [String] = [],
        uploads: Bool = false,
        keyboard: KioskKeyboard = .auto,
        languages: [String] = ["en", "ru"]
    ) {
        self.forced = forced
        self.idleTimeout = idleTimeout
        self.countdown = countdown
        self.allowedHosts = allowedHosts
        self.uploads = uploads
        self.keyboard = keyboard
        self.languages = languages
    }

    /// Whether `code` can be one of the kiosk's languages: a lower-case ISO 639 code of two or three letters, perhaps
    /// with a region (`pt-BR`, `zh-CN`).
    public static func isLanguage(_ code: String) -> Bool {
        let parts = code.split(separator: "-", omittingEmptySubsequences: false)
        let language = parts[0]
        guard (2...3).contains(language.count), language.allSatisfy({ ("a"..."z").contains($0) }) else { return false }
        guard parts.count == 2 else { return parts.count == 1 }
        return parts[1].count == 2 && parts[1].allSatisfy { ("A"..."Z").contains($0) }
    }

    /// A kiosk as `webim-widget serve` makes it when told nothing: the one home of the kiosk's defaults, which its
    /// options (and `--help`) read and the page receives.
    public static let standard = KioskConfiguration()

    /// At most this many languages: each is a button on the attract screen.
    public static let maximumLanguages = 12
}

/// When a kiosk page shows its own on-screen keyboard (Chromium on Linux has none).
public enum KioskKeyboard: String, Sendable, Equatable, CaseIterable {
    /// When a text field is touched (not clicked with a mouse, not tabbed to).
    case auto
    /// Whenever a text field has the focus.
    case onscreen
    /// Never: the kiosk has a hardware keyboard or a system one.
    case off
}
