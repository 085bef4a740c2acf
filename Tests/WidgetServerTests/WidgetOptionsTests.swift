import Foundation
import TestSupport
import Testing
import WebimWire

@testable import WidgetServer

/// The widget page's options (`GET /?title=…&palette=…`): checked on the server, handed to the page as JSON.
@Suite struct WidgetOptionsTests {
    @Test func everyOptionIsCheckedAndHandedToThePage() async throws {
        try await WidgetClient.withWidgetAlone { client in
            let query =
                "title=Sales&subtitle=We%20answer%20fast&icon=hidden&palette=green&accent=%2316A&placeholder=Ask"
                + "&prefill=Hi&invitation=Hello%3F&offline=Later&locale=ru&dark=1&dir=rtl&position=left"
                + "&launcher=floating&location=quotes&unknown=ignored"
            let page = try await client.get("/?" + query)
            #expect(page.status == 200)
            #expect(page.text.contains("<title>Sales</title>"))
            #expect(page.text.contains(#"data-location="quotes""#))
            for fragment in [
                #"&quot;accent&quot;:&quot;#1166aa&quot;"#, #"&quot;palette&quot;:&quot;green&quot;"#,
                #"&quot;launcher&quot;:&quot;floating&quot;"#, #"&quot;dark&quot;:true"#,
                #"&quot;subtitle&quot;:&quot;We answer fast&quot;"#, #"&quot;icon&quot;:&quot;hidden&quot;"#,
            ] {
                #expect(page.text.contains(fragment), "data-config lacks \(fragment)")
            }
            // A plain page carries only what differs from a plain page: nothing; the page fills in its defaults.
            let plain = try await client.get("/")
            #expect(plain.text.contains(#"data-config="{}""#))
            let inline = try await client.get("/?launcher=inline&palette=green")
            #expect(inline.text.contains(#"data-config="{&quot;palette&quot;:&quot;green&quot;}""#))
        }
    }

    @Test func aPlusInTheQueryIsASpaceAsFormsWriteIt() async throws {
        try await WidgetClient.withWidgetAlone { client in
            // `URLSearchParams` and HTML forms write a space as `+`; an escaped plus stays a plus.
            let page = try await client.get("/?title=Help+desk&subtitle=C%2B%2B+and+more")
            #expect(page.status == 200)
            #expect(page.text.contains("<title>Help desk</title>"))
            #expect(page.text.contains(#"&quot;subtitle&quot;:&quot;C++ and more&quot;"#))
            let preview = try await client.get("/preview/config?variant=" + WireForm.percentEncode("title=Two+words"))
            #expect(preview.text.contains(#""name":"Two words""#))
        }
    }

    @Test func aBadOptionIsA400NamingIt() async throws {
        let cases: [(String, String)] = [
            ("palette=pink", "palette"), ("accent=blue", "accent"), ("accent=%23abcd", "accent"),
            ("dark=maybe", "dark"), ("dir=up", "dir"), ("locale=xx", "locale"), ("position=top", "position"),
            ("launcher=popup", "launcher"), ("icon=javascript:alert(1)", "icon"), ("icon=%2F%2Fevil.example", "icon"),
            ("location=..%2Fx", "location"), ("title=" + String(repeating: "t", count: 81), "title"),
            ("subtitle=a%07b", "subtitle"), ("inspect=yes", "inspect"),
        ]
        try await WidgetClient.withWidgetAlone { client in
            for (query, field) in cases {
                let answer = try await client.get("/?" + query)
                #expect(answer.status == 400, "\(query)")
                #expect(answer.errorCode == "invalid_option" && answer.errorField == field, "\(query): \(answer.text)")
            }
        }
    }
}
