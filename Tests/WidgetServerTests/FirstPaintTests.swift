import Foundation
import Testing

@testable import WidgetServer

/// The page's first paint speaks the visitor's language, in its direction, before its script runs: the server draws
/// the template's sentences from the same strings files the script reads, so nothing swaps or flips once it runs.
@Suite struct FirstPaintTests {
    @Test func anArabicPageIsArabicAndRightToLeftFromItsFirstByte() async throws {
        try await WidgetClient.withWidgetAlone { client in
            let page = try await client.get("/?locale=ar").text
            #expect(page.contains(#"<html lang="ar" dir="rtl">"#))
            #expect(page.contains(#"data-i18n="send">إرسال</button>"#))
            #expect(page.contains(#"placeholder="اكتب رسالة…""#))
            #expect(page.contains("<title>الدردشة</title>"))
            #expect(!page.contains(">Send<") && !page.contains("Type a message") && !page.contains("Connecting…"))
        }
    }

    @Test func acceptLanguageChoosesThePagesLanguageAndAnEnglishPageStaysLeftToRight() async throws {
        try await WidgetClient.withWidgetAlone { client in
            let russian = try await client.get("/", headers: ["Accept-Language": "ru-RU, en;q=0.5"]).text
            #expect(russian.contains(#"<html lang="ru" dir="ltr">"#) && russian.contains(">Отправить<"))
            let hebrewKiosk = try await client.get("/?locale=he&mode=kiosk").text
            #expect(hebrewKiosk.contains(#"dir="rtl""#) && !hebrewKiosk.contains("This chat is erased when you leave."))
            let english = try await client.get("/").text
            #expect(english.contains(#"<html lang="en" dir="ltr">"#) && english.contains(">Send<"))
        }
    }

    @Test func thePseudoLocaleIsDrawnAsTheScriptDrawsIt() async throws {
        // The script's own output for these (`Public/js/pseudo-locale.js`, run in Node).
        #expect(PseudoLocale.pseudo("Send") == "[Šéñð ·]")
        #expect(PseudoLocale.pseudo("Type a message…") == "[Ţýþé å ɱéššåĝé… · · ·]")
        #expect(PseudoLocale.pseudo("Hello, {name}!") == "[Ĥéļļö, {name}! · · ·]")
        #expect(PseudoLocale.pseudo("Ünïcode 😀 test") == "[Üñïçöðé 😀 ţéšţ · · ·]")
        #expect(PseudoLocale.pseudo("").isEmpty)
        try await WidgetClient.withWidgetAlone { client in
            let page = try await client.get("/?locale=qps").text
            #expect(page.contains(#"<html lang="en" dir="ltr">"#) && page.contains(">[Šéñð ·]<"))
        }
    }

    @Test func theLocalizerTranslatesTextAndAttributesAndLeavesWhatItCannotSay() {
        let strings = [
            "send": "Senden", "hint": "A <b> & \"c\"", "placeholder": "Nachricht…", "messages": "Nachrichten",
            "title": "Datei {{anhängen}}", "attach": "Anhängen",
        ]
        let template = """
            <button data-i18n="send">Send</button><p data-i18n="missing">Stays</p><p data-i18n="hint">x</p>
            <textarea id="t" dir="auto"
            placeholder="Type…" data-i18n-placeholder="placeholder"></textarea>
            <div aria-label="Chat" data-i18n-label="messages"></div><label data-i18n-title="attach">
            <span data-i18n-title="title" title="Attach">a</span>
            """
        let localized = TemplateLocalizer.localize(template, with: strings)
        #expect(localized.contains(#"<button data-i18n="send">Senden</button>"#))
        #expect(localized.contains(#"<p data-i18n="missing">Stays</p>"#), "a key the strings lack keeps the English")
        #expect(localized.contains(#">A &lt;b&gt; &amp; &quot;c&quot;</p>"#), "inserted as text, never markup")
        #expect(localized.contains(#"placeholder="Nachricht…""#) && !localized.contains("Type…"))
        #expect(localized.contains(#"aria-label="Nachrichten""#))
        #expect(
            localized.contains(#"<label data-i18n-title="attach" title="Anhängen">"#),
            "a missing attribute is added"
        )
        #expect(localized.contains(#"title="Attach""#), "a sentence that would open a mustache tag is left out")
    }
}
