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
            #expect(page.text.contains(#"data-options-set="title subtitle icon palette accent placeholder"#))
            // A plain page carries every default (the page keeps none of its own) and says that none is set.
            let plain = try await client.get("/")
            for fragment in [
                #"&quot;palette&quot;:&quot;blue&quot;"#, #"&quot;launcher&quot;:&quot;inline&quot;"#,
                #"&quot;icon&quot;:&quot;default&quot;"#, #"&quot;open&quot;:false"#,
                #"&quot;location&quot;:&quot;default&quot;"#, #"&quot;locale&quot;:&quot;auto&quot;"#,
            ] {
                #expect(plain.text.contains(fragment), "a plain page's data-config lacks \(fragment)")
            }
            #expect(!plain.text.contains("&quot;dark&quot;"), "dark unset follows the system")
            #expect(plain.text.contains(#"data-options-set="""#))
            let inline = try await client.get("/?launcher=inline&palette=green")
            #expect(inline.text.contains(#"data-options-set="palette""#))
        }
    }

    @Test func theCatalogIsEveryOptionTheServerChecksWithItsDefault() async throws {
        try await WidgetClient.withWidgetAlone { client in
            let answer = try await client.get("/api/widget-options")
            #expect(answer.status == 200)
            guard
                case .object(let body)? = try? JSONDecoder().decode(
                    WebimWire.JSONValue.self,
                    from: Data(answer.text.utf8)
                ),
                case .array(let options)? = body["options"]
            else {
                Issue.record("no options in \(answer.text)")
                return
            }
            let fields = options.compactMap { option -> [String: WebimWire.JSONValue]? in
                guard case .object(let fields) = option else { return nil }
                return fields
            }
            let names = fields.compactMap { field -> String? in
                guard case .string(let name)? = field["name"] else { return nil }
                return name
            }
            #expect(names == WidgetOptions.names)
            let byName = Dictionary(uniqueKeysWithValues: zip(names, fields))
            // What a plain page receives is each option's default, as the catalog says it.
            let plain = try WidgetOptions.parse(defaultLocation: "default") { _ in nil }
            guard
                case .object(let received) = try JSONDecoder().decode(
                    WebimWire.JSONValue.self,
                    from: Data(plain.json().utf8)
                )
            else { return }
            for name in WidgetOptions.names {
                #expect(
                    received[name] == byName[name]?["default"],
                    "\(name): the page gets \(String(describing: received[name]))"
                )
            }
            #expect(byName["palette"]?["values"] == .array(WidgetOptions.palettes.map(WebimWire.JSONValue.string)))
            #expect(byName["title"]?["max_length"] == .int(80))
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
