import TestSupport
import Testing
import WidgetServer

/// The kiosk page: `?mode=kiosk`, or every page when the configuration forces it, with its idle timings.
@Suite struct KioskPageTests {
    @Test func forcedKioskMakesEveryPageAKiosk() async throws {
        let forced: @Sendable (inout WidgetConfiguration) -> Void = {
            $0.kiosk = KioskConfiguration(
                forced: true,
                idleTimeout: .seconds(30),
                countdown: .seconds(5),
                allowedHosts: ["example.com", "help.example.org"]
            )
        }
        try await LiveStack.withStack(adjust: forced) { stack in
            let client = WidgetClient(stack)
            for path in ["/", "/?mode=widget", "/?mode=embedded"] {
                let page = try await client.get(path).text
                #expect(page.contains(#"data-mode="kiosk""#), "\(path) is not a kiosk page")
                #expect(page.contains(#"data-kiosk-idle-seconds="30" data-kiosk-countdown-seconds="5""#))
                #expect(page.contains(#"data-kiosk-allowed-hosts="example.com help.example.org""#))
                #expect(page.contains("data-kiosk-new") && page.contains("/static/css/kiosk.css"))
            }
        }
    }

    @Test func kioskComesFromTheQueryWhenNotForced() async throws {
        try await LiveStack.withStack { stack in
            let client = WidgetClient(stack)
            let widget = try await client.get("/").text
            #expect(widget.contains(#"data-mode="widget""#))
            #expect(!widget.contains("data-kiosk-new") && !widget.contains("kiosk.css"))
            let unknown = try await client.get("/?mode=fullscreen").text
            #expect(unknown.contains(#"data-mode="widget""#))

            let kiosk = try await client.get("/?mode=kiosk&idle=2&countdown=3").text
            #expect(kiosk.contains(#"data-mode="kiosk""#))
            #expect(kiosk.contains(#"data-kiosk-idle-seconds="2" data-kiosk-countdown-seconds="3""#))
            // Timings outside 1 s … 1 day fall back to the configured 90 s and 15 s.
            let defaults = try await client.get("/?mode=kiosk&idle=0&countdown=x").text
            #expect(defaults.contains(#"data-kiosk-idle-seconds="90" data-kiosk-countdown-seconds="15""#))
        }
    }

    @Test func theOnScreenKeyboardFollowsTheConfigurationUnlessThePageChooses() async throws {
        let configured: @Sendable (inout WidgetConfiguration) -> Void = {
            $0.kiosk = KioskConfiguration(keyboard: .onscreen, languages: ["ru", "en", "ar"])
        }
        try await LiveStack.withStack(adjust: configured) { stack in
            let client = WidgetClient(stack)
            let kiosk = try await client.get("/?mode=kiosk").text
            #expect(kiosk.contains(#"data-kiosk-keyboard="onscreen" data-kiosk-languages="ru en ar""#))
            let off = try await client.get("/?mode=kiosk&keyboard=off").text
            #expect(off.contains(#"data-kiosk-keyboard="off""#))
            let widget = try await client.get("/?keyboard=off").text
            #expect(!widget.contains("data-kiosk-keyboard"))
            let refused = try await client.get("/?mode=kiosk&keyboard=always")
            #expect(refused.status == 400)
            #expect(refused.text.contains(#""field":"keyboard""#) && refused.text.contains("invalid_option"))
        }
    }
}
