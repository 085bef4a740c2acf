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

    /// Defaults: kiosk only on `?mode=kiosk`, 90 s idle, then a 15 s countdown, no link allowed, no uploads.
    public init(
        forced: Bool = false,
        idleTimeout: Duration = .seconds(90),
        countdown: Duration = .seconds(15),
        allowedHosts: [String] = [],
        uploads: Bool = false
    ) {
        self.forced = forced
        self.idleTimeout = idleTimeout
        self.countdown = countdown
        self.allowedHosts = allowedHosts
        self.uploads = uploads
    }
}
