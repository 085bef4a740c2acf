import Foundation
import TestSupport
import Testing
import WebimWire

@testable import WidgetServer

/// The pre-chat form over real HTTP against the embedded service's `prechat` location, the chat's start with its
/// answers, and the form's bounds on a config decoded from wire JSON.
@Suite struct PrechatRouteTests {
    @Test func thePrechatLocationsFormIsGivenInTheFormsOrder() async throws {
        try await LiveStack.withStack { stack in
            let client = WidgetClient(stack)
            let answer = try await client.get("/api/locations/prechat/prechat")
            #expect(answer.status == 200, "\(answer.text)")
            let form = try #require(answer.json["form"] as? [String: Any], "\(answer.text)")
            let fields = try #require(form["fields"] as? [[String: Any]])
            // `def`'s e-mail joins the firstQuestion form; its `phone: none` is overridden, so the phone is asked.
            #expect(fields.map { $0["name"] as? String } == ["name", "email", "phone"])
            let data = try JSONSerialization.data(withJSONObject: fields, options: [.sortedKeys])
            #expect(
                String(decoding: data, as: UTF8.self)
                    == #"[{"label":"Your name","maxLength":60,"name":"name","required":true,"type":"text"},"#
                    + #"{"label":"E-mail","maxLength":100,"name":"email","required":false,"type":"email"},"#
                    + #"{"label":"Phone","mask":"+9 999 999-99-99","maxLength":20,"name":"phone","required":false,"#
                    + #""type":"phone"}]"#
            )
            #expect((form["description"] as? String)?.hasPrefix("Tell us a little about yourself") == true)
        }
    }

    @Test func aLocationWithoutAFirstQuestionFormHasNone() async throws {
        try await LiveStack.withStack { stack in
            let client = WidgetClient(stack)
            let answer = try await client.get("/api/locations/default/prechat")
            #expect(answer.status == 200)
            #expect(answer.text == #"{"form":null}"#)
            let bad = try await client.get("/api/locations/no%20such/prechat")
            #expect(bad.status == 400 && bad.errorCode == "invalid_location" && bad.errorField == "location")
        }
    }

    @Test func theChatStartsWithTheFormsAnswersAndTheBotNamesTheVisitor() async throws {
        try await LiveStack.withStack { stack in
            let client = WidgetClient(stack)
            let tab = try await client.createTab(location: "prechat")
            let stream = try await client.events(tab)
            #expect(await stream.next()?.name == "snapshot")

            let tooLong = String(repeating: "a", count: 1001)
            let refused = try await client.post(
                "/api/tabs/\(tab)/chat",
                #"{"action":"start","customFields":{"name":"\#(tooLong)"}}"#
            )
            #expect(refused.status == 400 && refused.errorCode == "invalid_custom_fields")

            let body =
                #"{"action":"start","departmentKey":"support","firstQuestion":"Where is my parcel?","#
                + #""customFields":{"name":"Ann","email":"ann@example.com"}}"#
            let started = try await client.post("/api/tabs/\(tab)/chat", body)
            #expect(started.status == 202, "\(started.text)")

            var greeting: String?
            var question: String?
            var seen: [String] = []
            while greeting == nil || question == nil, let event = await stream.next(timeout: .seconds(20)) {
                seen.append(event.name)
                guard let message = event.message, let text = message["text"] as? String else { continue }
                if message["type"] as? String == "visitor", text == "Where is my parcel?" { question = text }
                if message["type"] as? String == "operator", text.hasPrefix("Hello, ") { greeting = text }
            }
            #expect(question != nil, "events: \(seen)")
            #expect(greeting?.hasPrefix("Hello, Ann!") == true, "greeting: \(greeting ?? "none")")
            stream.close()
        }
    }

    @Test func theFormIsBoundedWhateverTheConfigSays() throws {
        var rules: [String: LocationSettingsItem.VisitorFieldRule] = [:]
        for index in 0..<30 { rules["extra\(index)"] = .init(presence: "optional") }
        rules["hidden"] = .init(presence: LocationSettingsItem.Presence.none)
        rules["no spaces"] = .init(presence: LocationSettingsItem.Presence.mandatory)
        rules["email"] = .init(presence: "mandatory", validation: .init(maxLength: 1_000_000, type: "EMAIL"))
        rules["phone"] = .init(presence: "optional", validation: .init(maxLength: -3, type: "tel"))
        let config = LocationConfigResponse(
            accountConfig: nil,
            locationSettings: LocationSettingsItem(
                chat: .init(
                    visitorFields: [LocationSettingsItem.Form.firstQuestion: rules],
                    visitorFieldLabels: ["email": String(repeating: "L", count: 500)]
                ),
                resources: [LocationSettingsItem.Resource.firstQuestionDescription: "  \n "]
            )
        )
        let form = try #require(PrechatForm(config: config))
        #expect(form.fields.count == PrechatForm.maximumFields)
        #expect(form.fields.prefix(2).map(\.name) == ["email", "phone"])
        #expect(!form.fields.contains { $0.name == "hidden" || $0.name == "no spaces" })
        #expect(form.fields[0].required && form.fields[0].type == "email" && form.fields[0].maxLength == 1000)
        #expect(form.fields[0].label?.count == PrechatForm.maximumLabelLength)
        #expect(form.fields[1].type == "phone" && form.fields[1].maxLength == 1 && !form.fields[1].required)
        #expect(form.description == nil)

        let none = LocationConfigResponse(accountConfig: nil, locationSettings: LocationSettingsItem())
        #expect(PrechatForm(config: none) == nil)
    }

    @Test func aConfigFromTheWireDecodesIntoTheForm() throws {
        let json = #"""
            {"accountConfig": {}, "locationSettings": {"chat": {"visitorFields": {
              "def": {"name": {"presence": "optional"}},
              "firstQuestion": {"name": {"presence": "mandatory", "validation": {"maxLength": 50}},
                                "comment": {"presence": "optional", "validation": {"type": "text"}}}},
              "visitorFieldLabels": {"name": "Имя"}},
              "resources": {"first_question-descr": "Ask away"}}}
            """#
        let config = try WireCoding.decode(LocationConfigResponse.self, fromJSON: Data(json.utf8))
        let form = try #require(PrechatForm(config: config))
        #expect(form.fields.map(\.name) == ["name", "comment"])
        #expect(form.fields[0] == .init(name: "name", label: "Имя", required: true, type: "text", maxLength: 50))
        #expect(form.description == "Ask away")
    }
}
