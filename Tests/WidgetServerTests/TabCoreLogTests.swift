import Foundation
import NIOHTTP1
import TestSupport
import Testing
import WebimClientLibrary
import WebimWire

@testable import WidgetServer

/// The developer preview's core log: bounded, and without the session's credentials or who the visitor is.
@Suite struct TabCoreLogTests {
    @Test func itKeepsTheNewestEntriesUpToItsCapacity() {
        let log = TabCoreLog(capacity: 3, entryLimit: 10)
        for index in 1...5 { log.log(entry: "entry \(index) and a long tail") }
        let lines = log.text.split(separator: "\n")
        #expect(lines.count == 3)
        #expect(lines.first?.hasSuffix("entry 3 an") == true)
        #expect(lines.last?.hasSuffix("entry 5 an") == true)
    }

    @Test func credentialsAreLeftOut() {
        let entry = "GET /l/v/m/delta?since=3&page-id=831b2ecf8f&auth-token=61a79bb66&x=1 → 200"
        #expect(TabCoreLog.redacted(entry) == "GET /l/v/m/delta?since=3&page-id=…&auth-token=…&x=1 → 200")
    }

    @Test func theVisitorAndTheFieldsASiteSignedAreLeftOut() {
        let query = WireForm.encode([
            (WireParameter.event, "init"), (WireParameter.location, "default"),
            (WireParameter.visitor, #"{"id":"4f1c9a7e","fields":{"display_name":"Zeta Quill"}}"#),
            (WireParameter.visitorExt, #"{"fields":{"id":"site-user-7731"},"expires":4102444800,"hash":"ab"}"#),
            (WireParameter.providedAuthToken, "provided-token-1234"),
        ])
        let entry = TabCoreLog.redacted("GET \(WireEndpoint.delta)?\(query) → 200")
        #expect(entry.hasPrefix("GET \(WireEndpoint.delta)?event=init&location=default&visitor=…&visitor-ext=…"))
        for secret in ["4f1c9a7e", "Zeta", "site-user-7731", "provided-token-1234"] {
            #expect(!entry.contains(secret), "\(secret): \(entry)")
        }
        // Whole parameter names only: another name that ends like one keeps its value.
        #expect(TabCoreLog.redacted("GET /x?old-visitor=1&visitor-extra=2") == "GET /x?old-visitor=1&visitor-extra=2")
    }

    @Test func aReturningVisitorsLogNamesNeitherTheirIDNorTheirSignedFields() async throws {
        let fields = ["display_name": "Zeta Quill", "id": "site-user-7731"]
        // An hour ahead: the service refuses a signature for longer than a day.
        let expires = Int64(Date().timeIntervalSince1970) + 3_600
        let hash = VisitorFieldsSignature.hash(fields: fields, expires: expires)
        let signed =
            #"{"fields":{"id":"site-user-7731","display_name":"Zeta Quill"},"expires":\#(expires),"hash":"\#(hash)"}"#
        let options = ["visitorFields": signed, "coreLog": "verbose"]
        let body: @Sendable ([String: String]) throws -> String = { more in
            try String(decoding: JSONSerialization.data(withJSONObject: options.merging(more) { $1 }), as: UTF8.self)
        }
        try await LiveStack.withStack { stack in
            let client = WidgetClient(stack)
            let opened = try await client.post("/api/tabs", try body([:]))
            let tab = try #require(opened.json["tabId"] as? String)
            let stream = try await client.events(tab)
            #expect(
                try await client.post("/api/tabs/\(tab)/messages", #"{"text":"Hi","clientId":"log-0001"}"#).status
                    == 202
            )
            #expect(await stream.waitFor { $0.message?["sendStatus"] as? String == "sent" } != nil)
            stream.close()
            let visitor = try await OperatorConsoleClient(serviceURL: stack.serviceURL).onlyVisitorID()
            // The tab closes, its data kept; opened again, its core's init names the visitor the service gave.
            #expect(try await client.request(.DELETE, "/api/tabs/\(tab)").status == 204)
            let resumed = try await client.post("/api/tabs", try body(["resume": tab]))
            #expect(resumed.status == 201 && resumed.json["resumed"] as? Bool == true, "\(resumed.text)")
            let again = try await client.events(tab)
            // A credential is sealed after the init's full update, so the init is in the log by then.
            let sealed = await again.waitFor { event in
                event.name == "tab.credential" || (event.name == "snapshot" && event.json["credential"] is String)
            }
            #expect(sealed != nil)
            again.close()
            let log = try await client.get("/api/tabs/\(tab)/log")
            #expect(log.status == 200)
            #expect(log.text.contains("visitor=…") && log.text.contains("visitor-ext=…"), "\(log.text)")
            for secret in [visitor, "site-user-7731", "Zeta"] {
                #expect(!log.text.contains(secret), "\(secret) in the log")
            }
        }
    }

    @Test func onlyTheFiveVerbositiesAreNames() {
        #expect(TabCoreLog.level(named: "debug") == .debug)
        #expect(TabCoreLog.level(named: "Debug") == nil)
        #expect(TabCoreLog.level(named: "") == nil)
    }
}
